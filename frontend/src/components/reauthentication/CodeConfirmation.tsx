import { api } from '../../api/client';
import type { SecondFactorStatus } from '../../api/types';
import type { ConfirmationFormProps } from './methods';
import { REAUTHENTICATION_TEXTS } from './texts';
import { TypedConfirmation } from './TypedConfirmation';

/** Whether the member has an authenticator app set up (admins only have one). */
export const hasAuthenticatorApp = (): Promise<boolean> =>
  api<SecondFactorStatus>('/me/second_factor', { noReauthentication: true }).then((status) => status.totp, () => false);

/** A code of the authenticator app or a recovery code, given again (POST /me/reauthenticate/code). */
export function CodeConfirmation(props: ConfirmationFormProps) {
  return (
    <TypedConfirmation
      {...props}
      explained={REAUTHENTICATION_TEXTS.codeExplained}
      label={REAUTHENTICATION_TEXTS.codeLabel}
      autoComplete="one-time-code"
      path="/me/reauthenticate/code"
      field="code"
    />
  );
}
