import { configError } from '../config-error';
import { ACCOUNT_SETTINGS } from './accounts';
import { JOB_SETTINGS } from './jobs';
import { MAIL_SETTINGS } from './mail';
import { PROVIDER_SETTINGS } from './providers';
import { PUSH_SETTINGS } from './push';
import { SERVER_SETTINGS } from './server';
import { Problem, Setting, ValueOf } from './setting';

/**
 * Every environment variable the app reads, by group, in the order the README and .env.example list them. To add
 * one: declare it in its group's file, read it in loadConfig (app-config.ts), then `npm run settings:docs`.
 */
export const SETTINGS = {
  ...SERVER_SETTINGS,
  ...ACCOUNT_SETTINGS,
  ...MAIL_SETTINGS,
  ...JOB_SETTINGS,
  ...PROVIDER_SETTINGS,
  ...PUSH_SETTINGS,
};

export type SettingName = keyof typeof SETTINGS;
export type SettingValues = { [K in SettingName]: ValueOf<(typeof SETTINGS)[K]> };

/** The settings in their order. */
export const ALL_SETTINGS: Setting[] = Object.values(SETTINGS);

/** A variable's text as the app sees it: unset, or empty (blank, for a trimmed one), means its default. */
function textOf(setting: Setting, env: NodeJS.ProcessEnv): string | undefined {
  const given = setting.trim ? env[setting.name]?.trim() : env[setting.name];
  return given === undefined || given === '' ? setting.default : given;
}

function read(setting: Setting, env: NodeJS.ProcessEnv): unknown {
  const text = textOf(setting, env);
  return text === undefined ? undefined : setting.parse(text, setting.name);
}

/** Every variable's value, and the problems of those that could not be read (in the registry's order). */
export function readSettings(env: NodeJS.ProcessEnv): { values: SettingValues; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const setting of ALL_SETTINGS) {
    const value = read(setting, env);
    if (value instanceof Problem) problems.push(value.message);
    else values[setting.name] = value;
  }
  return { values: values as SettingValues, problems };
}

/** One variable's value; throws the ConfigError `Invalid configuration:` when it is malformed. */
export function readSetting<K extends SettingName>(name: K, env: NodeJS.ProcessEnv): SettingValues[K] {
  const value = read(SETTINGS[name], env);
  if (value instanceof Problem) throw configError([value.message]);
  return value as SettingValues[K];
}
