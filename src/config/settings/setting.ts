/**
 * One environment variable of the app: its name, how its text is read (and refused), its default, and what the
 * README and .env.example say about it. Every variable is declared once, in one of the group files beside this one
 * (settings.ts lists the groups); `loadConfig` validates them all at start, and `npm run settings:docs` writes the
 * README's configuration table and .env.example from them (`npm run lint` fails when those are stale).
 */

/** Why a variable's text was refused: the line `Invalid configuration:` lists it on. */
export class Problem {
  constructor(readonly message: string) {}
}

/** Reads a variable's text (never empty) into its value, or says why it can't. */
export type Parser<T> = (text: string, name: string) => T | Problem;

export interface SettingSpec<T> {
  /** What it does, in Markdown: the README's "meaning" cell, and .env.example's comment above the variable. */
  description: string;
  parse: Parser<T>;
  /** The text used when the variable is unset or empty, read by `parse` like a given value. */
  default?: string;
  /** The README's "default" cell when the default is no fixed text (it follows another variable, or is generated). */
  defaultText?: string;
  /** Holds a password or a key: .env.example never shows a value for it. */
  secret?: boolean;
  /** Surrounding blanks are ignored (a blank value then means unset). */
  trim?: boolean;
}

/** A group of variables: a heading of .env.example, and one file of the registry. */
export interface SettingGroup {
  title: string;
  /** Said once above the group's variables in .env.example (Markdown). */
  intro?: string;
}

export type Setting<T = unknown> = SettingSpec<T> & { name: string; group: SettingGroup };

/** The variables of one group, each given its name and group. */
export function settingGroup<S extends Record<string, SettingSpec<unknown>>>(
  group: SettingGroup,
  specs: S,
): { [K in keyof S]: S[K] & { name: K; group: SettingGroup } } {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { ...spec, name, group }])) as never;
}

/** The value a variable has once read: its parser's type, never undefined when it has a default. */
export type ValueOf<S> = S extends { parse: Parser<infer T> } ? (S extends { default: string } ? T : T | undefined) : never;
