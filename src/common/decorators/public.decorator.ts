import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Opens a route to visitors without a session. Every other route needs one. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
