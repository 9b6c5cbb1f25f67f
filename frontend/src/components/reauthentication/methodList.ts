import type { ReauthenticationMethod } from './methods';
import { PasswordConfirmation } from './PasswordConfirmation';

/**
 * The ways to confirm, the first shown first. The second factor's ("Use a code") and the passkeys' ("Use a passkey")
 * join here; this list loads with the dialog, never with a page.
 */
export const REAUTHENTICATION_METHODS: ReauthenticationMethod[] = [{ id: 'password', label: 'Use your password', Form: PasswordConfirmation }];
