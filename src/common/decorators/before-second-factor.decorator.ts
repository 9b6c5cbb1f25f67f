import { SetMetadata } from '@nestjs/common';

export const BEFORE_SECOND_FACTOR = 'beforeSecondFactor';
/**
 * Marks a route an admin may use before setting up a required second factor: setting it up, reading their own
 * account, signing out. Every other route answers such an admin 403 (SecondFactorGuard).
 */
export const BeforeSecondFactor = () => SetMetadata(BEFORE_SECOND_FACTOR, true);
