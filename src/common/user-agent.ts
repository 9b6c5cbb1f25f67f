import Bowser from 'bowser';

/** A short description of a browser's User-Agent header for the list of sessions: "Firefox on Windows". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || userAgent.slice(0, 60);
}
