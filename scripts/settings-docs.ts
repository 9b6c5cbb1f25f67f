/**
 * `npm run settings:docs`: writes the README's configuration table and .env.example from the settings registry
 * (src/config/settings). With `--check` (part of `npm run lint`) it writes nothing and fails when either file differs
 * from what it would write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envExample, README_TABLE_END, README_TABLE_START, readmeTable, replaceBetween } from '../src/config/settings/settings-docs';

const ROOT = join(__dirname, '..');
const check = process.argv.includes('--check');
const files = [
  { file: 'README.md', expected: (current: string) => replaceBetween(current, README_TABLE_START, README_TABLE_END, readmeTable()) },
  { file: '.env.example', expected: () => envExample() },
];

let stale = 0;
for (const { file, expected } of files) {
  const path = join(ROOT, file);
  const current = readFileSync(path, 'utf8');
  const wanted = expected(current);
  if (current === wanted) continue;
  if (check) {
    console.error(`${file} disagrees with the settings registry (src/config/settings): run npm run settings:docs`);
    stale++;
  } else {
    writeFileSync(path, wanted);
    console.log(`Wrote ${file}`);
  }
}
process.exit(stale > 0 ? 1 : 0);
