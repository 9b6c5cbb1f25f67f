import { useEffect, useState } from 'react';

import type { AppConfig } from './types';

export type { AppConfig };

export const DEFAULT_APP_NAME = 'Tailgate Picks';

/** What the server says about the pool before anyone logs in. */
export async function fetchAppConfig(): Promise<AppConfig> {
  const response = await fetch('/api/app_config');
  if (!response.ok) throw new Error(`GET /api/app_config answered ${response.status}`);
  return response.json();
}

let cached: Promise<AppConfig> | null = null;

/** The pool's name (APP_NAME), fetched once per page load. */
export function useAppName(): string {
  const [name, setName] = useState(DEFAULT_APP_NAME);
  useEffect(() => {
    let active = true;
    cached ??= fetchAppConfig().catch((error) => {
      cached = null;
      throw error;
    });
    cached.then((config) => active && setName(config.app_name)).catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return name;
}
