/** The Passkeys card and the offer to add one (not in the product's texts: docs/decisions.md, "Passkeys"). */
export const PASSKEYS_TEXTS = {
  title: 'Passkeys',
  intro: 'Sign in with your fingerprint, face or screen lock instead of your password. Your password and the reset link keep working.',
  unsupported: 'This browser cannot use passkeys.',
  none: 'You have no passkeys yet.',
  nameLabel: 'Passkey name',
  defaultName: 'My passkey',
  add: 'Add a passkey',
  adding: 'Adding…',
  added: 'Passkey added. You can sign in with it now.',
  addFailed: 'Failed to add the passkey',
  cancelled: 'The passkey was not created.',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  renamed: 'Passkey renamed.',
  renameFailed: 'Failed to rename the passkey',
  remove: 'Remove',
  removed: 'Passkey removed.',
  removeFailed: 'Failed to remove the passkey',
  synced: 'Synced',
  loading: 'Loading your passkeys…',
  loadFailed: 'Failed to load your passkeys',
  offerTitle: 'Sign in faster with a passkey',
  offerText: 'Use your fingerprint, face or screen lock next time instead of typing your password.',
  offerAccept: 'Add a passkey',
  offerDismiss: 'Not now',
} as const;

/** The browser's own refusal (the member closed the dialog, or no authenticator): not an error worth its text. */
export const isCeremonyCancelled = (failure: unknown): boolean =>
  failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError' || (failure as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');
