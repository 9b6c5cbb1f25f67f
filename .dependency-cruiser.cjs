/**
 * The floors of src/, as rules (`npm run lint`). docs/architecture.md draws them and justifies each exception.
 *
 * Foundation: helpers that know no domain. Domains: each floor may import only the floors below it. Top: what wires
 * the whole app together (the app module, the schema registry, seeds, health).
 */
const FOUNDATION = ['common', 'database', 'config', 'lifecycle', 'web'];
/** Lowest first. */
const DOMAINS = ['security', 'teams', 'seasons', 'users', 'mail', 'push', 'invitations', 'auth', 'games', 'results', 'picks', 'survivor', 'imports', 'calendar', 'live', 'notifications', 'jobs'];

const folders = (names) => `^src/(${names.join('|')})/`;

/**
 * Exceptions (at most five), each justified in docs/architecture.md: the one file that may import upward, and what.
 */
const EXCEPTIONS = [
  // An outbox row keeps a foreign key to the invitation its e-mail is about; mail sits below invitations.
  { from: 'src/mail/entities/notification-delivery.entity.ts', to: ['src/invitations/entities/invitation.entity.ts'] },
];
const exactly = (file) => `^${file.replace(/[.]/g, '[.]')}$`;

const downhill = DOMAINS.slice(0, -1).map((domain, floor) => ({
  name: `downhill-${domain}`,
  comment: `${domain} may import only the floors below it`,
  severity: 'error',
  from: { path: folders([domain]) },
  to: { path: folders(DOMAINS.slice(floor + 1)) },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'no import cycles', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'foundation-knows-no-domain',
      comment: 'common, database, config, lifecycle and web import no domain, no schema and no seeds',
      severity: 'error',
      from: { path: folders(FOUNDATION) },
      to: { path: folders([...DOMAINS, 'schema', 'seeds', 'health']) },
    },
    {
      name: 'schema-from-the-top-only',
      comment: 'only the app module, the seeds and ormconfig.ts import the schema registry',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/app[.]module[.]ts$', '^src/schema/', '^src/seeds/'] },
      to: { path: '^src/schema/' },
    },
    {
      name: 'nothing-imports-seeds',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/seeds/' },
      to: { path: '^src/seeds/' },
    },
    ...downhill.map((rule) => ({ ...rule, from: { ...rule.from, pathNot: EXCEPTIONS.map(({ from }) => exactly(from)) } })),
    ...EXCEPTIONS.map(({ from, to }) => {
      const floor = DOMAINS.indexOf(from.split('/')[1]);
      return {
        name: `exception-${from}`,
        comment: 'a listed exception imports upward only what it is allowed to',
        severity: 'error',
        from: { path: exactly(from) },
        to: { path: folders(DOMAINS.slice(floor + 1)), pathNot: to.map(exactly) },
      };
    }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]spec[.]ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};

// The floors and exceptions themselves, for scripts/check-architecture-doc.mjs (which holds docs/architecture.md to
// them); not enumerable, since dependency-cruiser refuses a configuration with keys of its own.
Object.defineProperty(module.exports, 'floors', { value: { FOUNDATION, DOMAINS, EXCEPTIONS }, enumerable: false });
