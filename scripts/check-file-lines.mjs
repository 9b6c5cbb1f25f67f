#!/usr/bin/env node
/**
 * Part of `npm run lint`: no source file in src/, frontend/src/ or test/ is longer than 400 lines, so each stays
 * readable in one sitting. Migrations (src/schema/migrations/) and generated types (frontend/src/api/schema.d.ts) are
 * exempt. Exits 1 naming each file past the limit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 400;
const FOLDERS = ['src', 'frontend/src', 'test'];
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const EXEMPT = [/^src\/schema\/migrations\//, /^frontend\/src\/api\/schema\.d\.ts$/];

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(path);
    } else if (SOURCE.test(entry.name)) {
      yield path;
    }
  }
}

/** Lines as `wc -l` counts them, a last line without its newline included. */
function lineCount(path) {
  const text = readFileSync(path, 'utf8');
  const newlines = text.split('\n').length - 1;
  return text === '' || text.endsWith('\n') ? newlines : newlines + 1;
}

const over = [];
for (const folder of FOLDERS) {
  for (const path of sourceFiles(join(ROOT, folder))) {
    const file = relative(ROOT, path).split('\\').join('/');
    if (EXEMPT.some((pattern) => pattern.test(file))) continue;
    const lines = lineCount(path);
    if (lines > MAX_LINES) over.push(`${file} (${lines} lines)`);
  }
}
for (const entry of over) console.error(`over ${MAX_LINES} lines: ${entry}; split it`);
process.exit(over.length > 0 ? 1 : 0);
