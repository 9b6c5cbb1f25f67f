/** The words of the "Confirm it's you" dialog. */
export const REAUTHENTICATION_TEXTS = {
  title: "Confirm it's you",
  passwordExplained: 'This change needs your password again.',
  failed: 'Could not confirm. Try again.',
  codeExplained: 'Enter a code from your authenticator app, or one of your recovery codes.',
  codeLabel: 'Code',
  passkeyExplained: 'Confirm with the passkey on this device.',
  passkeyButton: 'Use your passkey',
};
