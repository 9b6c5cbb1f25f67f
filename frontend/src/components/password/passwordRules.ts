/** The server's rule for new passwords (docs/security.md, V2.1), checked before sending with the server's own texts. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_TEXTS = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  hint: `At least ${PASSWORD_MIN_LENGTH} characters`,
} as const;

/** Characters as the server counts them: code points of the NFKC form (an emoji is one). */
export function passwordLength(password: string): number {
  return Array.from(password.normalize('NFKC')).length;
}

/** The length rule's sentence for this password, or null; the common-password list is the server's to check. */
export function passwordRuleProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_RULE_TEXTS.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_RULE_TEXTS.tooLong;
  return null;
}
