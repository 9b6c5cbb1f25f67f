import { useEffect, useState } from 'react';
import { DEFAULT_APP_NAME, fetchAppConfig } from './api/appConfig';

/** The welcome page. */
export default function App() {
  const [appName, setAppName] = useState(DEFAULT_APP_NAME);

  useEffect(() => {
    let active = true;
    fetchAppConfig()
      .then((config) => active && setAppName(config.app_name))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  return (
    <main className="welcome">
      <h1>Welcome to {appName}</h1>
      <p>The modern college football contest platform</p>
    </main>
  );
}
