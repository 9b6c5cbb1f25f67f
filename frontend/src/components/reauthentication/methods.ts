import type { ComponentType } from 'react';

/** What a way of confirming gets from the dialog. */
export interface ConfirmationFormProps {
  /** The API accepted the proof: the dialog closes and the refused change is sent again. */
  onConfirmed: () => void;
  /** The dialog's Cancel: the change stays refused. */
  onCancel: () => void;
}

/**
 * One way to confirm who you are in the "Confirm it's you" dialog. The password is always there; the second factor
 * and the passkeys add theirs to REAUTHENTICATION_METHODS ("Use a code", "Use a passkey"), each a form that posts
 * its own proof (POST /me/reauthenticate/code, /passkey) and calls onConfirmed once the API accepted it.
 */
export interface ReauthenticationMethod {
  id: string;
  /** The dialog's link to switch to it: "Use your password", "Use a code". */
  label: string;
  /** Whether this member can use it now (has a second factor, a passkey, a browser that can); asked as the dialog opens. */
  available?: () => boolean | Promise<boolean>;
  Form: ComponentType<ConfirmationFormProps>;
}
