import { InitialSchema1763800000000 } from './1763800000000-initial-schema';

/** Every migration, in order. A new migration is added here as well as in its own file. */
export const MIGRATIONS = [InitialSchema1763800000000];
