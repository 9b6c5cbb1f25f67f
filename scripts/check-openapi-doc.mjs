#!/usr/bin/env node
/**
 * Part of `npm run check:openapi`: the OpenAPI document is written for the API's users. Maintainers' notes (paths into
 * docs/ or the source, benchmark figures) stay in comments and must not reach it, and every operation says what it
 * does in a summary. Reads the document `node dist/openapi.js` printed (default dist/openapi.json); exits 1 on a
 * problem, listing each one.
 */
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'dist/openapi.json';
const document = JSON.parse(readFileSync(file, 'utf8'));

/** Words a reader of the API has no use for: a maintainer's note leaked through a comment. */
const FORBIDDEN = [
  { pattern: /docs\//, what: 'a path into docs/' },
  { pattern: /[\w./-]+\.(ts|tsx|mjs|cjs)\b/, what: 'a source file path' },
  { pattern: /req\/s/, what: 'a benchmark figure (req/s)' },
  { pattern: /→/, what: 'a benchmark arrow (→)' },
];

const problems = [];

/** Every string in the document, with where it is. */
function* strings(value, where) {
  if (typeof value === 'string') yield [where, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${where}[${index}]`);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* strings(item, `${where}.${key}`);
}

for (const [where, text] of strings(document, '$')) {
  for (const { pattern, what } of FORBIDDEN) if (pattern.test(text)) problems.push(`${where}: ${what}: ${JSON.stringify(text)}`);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
for (const [path, item] of Object.entries(document.paths ?? {})) {
  for (const method of METHODS) {
    const operation = item[method];
    if (operation && !operation.summary?.trim()) problems.push(`${method.toUpperCase()} ${path}: no summary`);
  }
}

if (problems.length > 0) {
  console.error(`${file}: the OpenAPI document is for API users; fix the decorators:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
