export interface AppConfig {
  app_name: string;
}

export const DEFAULT_APP_NAME = 'Tailgate Picks';

/** What the server says about the pool before anyone logs in. */
export async function fetchAppConfig(): Promise<AppConfig> {
  const response = await fetch('/api/app_config');
  if (!response.ok) throw new Error(`GET /api/app_config answered ${response.status}`);
  return response.json();
}
