import type { ConfirmationFormProps } from './methods';
import { REAUTHENTICATION_TEXTS } from './texts';
import { TypedConfirmation } from './TypedConfirmation';

/** The password, given again (POST /me/reauthenticate): the way to confirm that every account has. */
export function PasswordConfirmation(props: ConfirmationFormProps) {
  return (
    <TypedConfirmation
      {...props}
      explained={REAUTHENTICATION_TEXTS.passwordExplained}
      label="Password"
      type="password"
      autoComplete="current-password"
      path="/me/reauthenticate"
      field="password"
    />
  );
}
