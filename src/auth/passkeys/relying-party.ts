import { AppConfig } from '../../config/app-config';

/** The site passkeys belong to (the WebAuthn relying party), read from APP_URL: its host name and origin. */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export const RP_NAME = 'Tailgate Picks';

/**
 * APP_URL decides: a passkey made on https://picks.example.com works there only, so APP_URL must be the address members
 * open. http://localhost is a secure context to browsers, which is how local runs and tests use it.
 */
export function relyingParty(config: Pick<AppConfig, 'appUrl'>): RelyingParty {
  const url = new URL(config.appUrl);
  return { name: RP_NAME, id: url.hostname, origin: url.origin };
}
