import { hasPasskeys } from '../../api/passkeys';
import { CodeConfirmation, hasAuthenticatorApp } from './CodeConfirmation';
import type { ReauthenticationMethod } from './methods';
import { PasskeyConfirmation } from './PasskeyConfirmation';
import { PasswordConfirmation } from './PasswordConfirmation';

/** The ways to confirm, the first shown first; this list loads with the dialog, never with a page. */
export const REAUTHENTICATION_METHODS: ReauthenticationMethod[] = [
  { id: 'password', label: 'Use your password', Form: PasswordConfirmation },
  { id: 'passkey', label: 'Use a passkey', available: hasPasskeys, Form: PasskeyConfirmation },
  { id: 'code', label: 'Use a code', available: hasAuthenticatorApp, Form: CodeConfirmation },
];
