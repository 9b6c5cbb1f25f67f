/** The Active sessions card (not in the product's texts: docs/decisions.md, "Sessions"). */
export const SESSIONS_TEXTS = {
  title: 'Active sessions',
  intro: 'Where your account is signed in. Log out any device you do not recognise or no longer use.',
  thisDevice: 'This device',
  logOut: 'Log out',
  everywhere: 'Log out everywhere',
  ended: 'That session was logged out.',
  endFailed: 'Failed to log out that session',
  everywhereFailed: 'Failed to log out everywhere',
  loading: 'Loading your sessions…',
  loadFailed: 'Failed to load your sessions',
} as const;
