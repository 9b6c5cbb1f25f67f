/**
 * The rule for every new password (registration, reset, change, the first admin's ADMIN_PASSWORD): 12 to 128
 * characters of any kind, no composition rules, and not one of the common or breached passwords. Logins never
 * apply it, so passwords set under an older rule keep signing in.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordTooShort = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const passwordTooLong = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
export const passwordTooCommon = 'This password is too common. Choose a less guessable one.';

/**
 * Characters as a person counts them: Unicode code points of the NFKC form, so an emoji is one character (not two
 * UTF-16 units) and a compatibility form (full-width letters, ligatures) counts as the letters it stands for.
 */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _codePoint of password.normalize('NFKC')) count += 1;
  return count;
}

/** The length rule's sentence for this password, or null when its length is allowed. */
export function passwordLengthProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return passwordTooLong;
  return null;
}
