import { isCommonPassword } from './common-passwords';
import { passwordLengthProblem, passwordTooCommon } from './password-policy';

/** The sentence that refuses this new password, or null when it may be used. */
export async function newPasswordProblem(password: string): Promise<string | null> {
  return passwordLengthProblem(password) ?? ((await isCommonPassword(password)) ? passwordTooCommon : null);
}
