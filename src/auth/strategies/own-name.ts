import passport from 'passport';
import type { Strategy } from 'passport';

let registered = 0;

/**
 * Registers a strategy under a name of its own as well as its shared one ('jwt', 'local'), and answers that name for
 * the guards. passport keeps strategies in one registry per process, where the last one registered under a name
 * wins: two apps in one process (a test's second instance) would otherwise check each other's requests with the
 * other's database, clock and caches.
 */
export function ownName(strategy: Strategy, shared: string): string {
  registered += 1;
  const name = `${shared}#${registered}`;
  passport.use(name, strategy);
  return name;
}
