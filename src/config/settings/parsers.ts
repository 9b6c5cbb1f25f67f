import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { isEmail } from 'class-validator';
import ms, { StringValue } from 'ms';
import { Parser, Problem } from './setting';

/** Each variable's parser is built from these; their messages are the ones `Invalid configuration:` lists. */

/** A whole number within bounds. */
export const integer = (min: number, max: number): Parser<number> => (text, name) => {
  if (!/^\d+$/.test(text)) return new Problem(`${name} must be a whole number (got "${text}")`);
  const value = Number(text);
  if (value < min) return new Problem(`${name} must not be less than ${min}`);
  if (value > max) return new Problem(`${name} must not be greater than ${max}`);
  return value;
};

/** Any text, at least `minLength` characters long. */
export const text = (minLength = 1, message?: string): Parser<string> => (value, name) =>
  value.length >= minLength ? value : new Problem(message ?? `${name} must be longer than or equal to ${minLength} characters`);

/** Text that matches a pattern. */
export const matching = (pattern: RegExp, message: string): Parser<string> => (value) => (pattern.test(value) ? value : new Problem(message));

/** An http(s) URL, without its trailing slashes. */
export const url = (pattern: RegExp, message: string): Parser<string> => (value) =>
  pattern.test(value) ? value.replace(/\/+$/, '') : new Problem(message);

/** A path, resolved against the working directory. */
export const path: Parser<string> = (value) => resolve(value);

/** One of a few words. */
export const oneOf = <const T extends string>(values: readonly T[], message?: string): Parser<T> => (value, name) =>
  values.includes(value as T) ? (value as T) : new Problem(message ?? `${name} must be one of the following values: ${values.join(', ')}`);

/** true or false. */
export const flag: Parser<boolean> = (value, name) => (value === 'true' || value === 'false' ? value === 'true' : new Problem(`${name} must be true or false`));

/** An e-mail address (as it was written: the caller decides about case). */
export const email = (message: string): Parser<string> => (value) => (isEmail(value, {}) ? value : new Problem(message));

const DURATION = /^\d+\s*(ms|s|m|h|d|w|y)?$/;

/** Milliseconds of a duration such as 3600, 90m, 2h, 7d: a bare number means seconds, as jsonwebtoken reads it. */
export function durationMs(value: string): number {
  return /^\d+$/.test(value) ? Number(value) * 1000 : ms(value.replace(/\s+/g, '') as StringValue);
}

interface DurationOptions {
  /** Refuse 0. */
  positive?: boolean;
  /** Bounds in ms, refused with `rangeMessage`. */
  min?: number;
  max?: number;
  rangeMessage?: string;
}

/** A duration, in ms. */
export const duration = (options: DurationOptions = {}): Parser<number> => (value, name) => {
  if (!DURATION.test(value)) return new Problem(`${name} must be a duration such as 3600, 90m, 2h, 7d`);
  const millis = durationMs(value);
  if (options.positive && millis <= 0) return new Problem(`${name} must be longer than 0`);
  if (millis < (options.min ?? 0) || millis > (options.max ?? Infinity)) return new Problem(options.rangeMessage!);
  return millis;
};

/** An IANA time zone such as America/New_York. */
export const timeZone: Parser<string> = (value, name) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return new Problem(`${name} must be an IANA time zone such as America/New_York (got "${value}")`);
  }
};

/** Comma-separated hours such as "24,2" or "48, 1.5". */
const HOURS = /^\s*\d+(\.\d+)?\s*(,\s*\d+(\.\d+)?\s*)*$/;

/** Hours such as 24,2, each above 0 and at most `max`: largest first, without repeats ("2,24,2" -> [24, 2]). */
export const hoursList = (max: number, message: string): Parser<number[]> => (value) => {
  if (!HOURS.test(value)) return new Problem(message);
  const hours = [...new Set(value.split(',').map((entry) => Number(entry.trim())))].sort((a, b) => b - a);
  return hours.some((entry) => entry <= 0 || entry > max) ? new Problem(message) : hours;
};

/** Comma-separated http(s) URL prefixes, blanks around them ignored. */
export const urlPrefixes = (message: string): Parser<string[]> => (value) =>
  /^\s*https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*\s*$/.test(value)
    ? value.split(',').map((prefix) => prefix.trim()).filter(Boolean)
    : new Problem(message);

const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be false, true, a number of proxy hops such as 1, or proxy addresses and CIDR ranges such as 10.0.0.1,172.16.0.0/12';

/** Fastify's trustProxy: false, true, a hop count, or the proxies' addresses and CIDR ranges. */
export const trustProxy: Parser<boolean | number | string[]> = (value) => {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : new Problem(`${TRUST_PROXY_MESSAGE} (got "${value}")`);
};

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
