import { SetMetadata } from '@nestjs/common';

export const RECENT_AUTH = 'recentAuth';
/**
 * Marks a sensitive change (e-mail, password, passkeys, second factors, roles): the session must have proved who its
 * owner is within the last few minutes (a sign-in or a confirmation), else the answer asks for it again.
 */
export const RecentAuth = () => SetMetadata(RECENT_AUTH, true);
