/** The words of the "Confirm it's you" dialog. */
export const REAUTHENTICATION_TEXTS = {
  title: "Confirm it's you",
  passwordExplained: 'This change needs your password again.',
  failed: 'Could not confirm. Try again.',
};
