/** A malformed environment: the app refuses to start and prints the message, which lists every problem. */
export class ConfigError extends Error {}

/** The one shape of a configuration error: `Invalid configuration:` and one line per problem. */
export function configError(problems: string[]): ConfigError {
  return new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
}
