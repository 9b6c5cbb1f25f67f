#!/usr/bin/env node
/**
 * Part of `npm run lint`: docs/architecture.md says what .dependency-cruiser.cjs enforces. Checks its floors (the line
 * "Foundation: … Domains, lowest first: …" under "Floors, lowest first"), its picture (the foundation subgraph and
 * the chain of solid arrows from the lowest domain up), and the files its exceptions section names as importing
 * upward, against the configuration's FOUNDATION, DOMAINS and EXCEPTIONS. Exits 1 naming each disagreement.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = 'docs/architecture.md';
const { FOUNDATION, DOMAINS, EXCEPTIONS } = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')).floors;
const doc = readFileSync(join(ROOT, DOC), 'utf8');
const problems = [];

const codeNames = (text) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
const same = (a, b) => a.length === b.length && a.every((item, index) => item === b[index]);
const sameSet = (a, b) => same([...new Set(a)].sort(), [...new Set(b)].sort());
const show = (list) => (list.length > 0 ? list.join(', ') : '(none)');

/** The text of a `## ` section whose heading matches, up to the next one. */
function section(heading) {
  const match = doc.match(new RegExp(`^## ${heading}.*$`, 'm'));
  if (!match) return null;
  const rest = doc.slice(match.index + match[0].length);
  const next = rest.search(/^## /m);
  return next < 0 ? rest : rest.slice(0, next);
}

// The floors, as listed in words.
const floors = section('Floors, lowest first')?.replace(/\s+/g, ' ') ?? '';
const foundationList = floors.match(/Foundation: ((?:`[^`]+`,? ?)+)\./);
const domainList = floors.match(/Domains, lowest first: ((?:`[^`]+`,? ?)+)\./);
if (!foundationList || !domainList) {
  problems.push('its "Floors, lowest first" section lacks the line "Foundation: `…`, …. Domains, lowest first: `…`, …."');
} else {
  if (!same(codeNames(foundationList[1]), FOUNDATION)) problems.push(`it lists the foundation as ${show(codeNames(foundationList[1]))}, the configuration as ${show(FOUNDATION)}`);
  if (!same(codeNames(domainList[1]), DOMAINS)) problems.push(`it lists the domains, lowest first, as ${show(codeNames(domainList[1]))}, the configuration as ${show(DOMAINS)}`);
}

// The picture: the foundation subgraph's members, and the solid arrows `upper --> lower` from the foundation up.
const picture = doc.match(/```mermaid\n(flowchart BT\n[\s\S]*?)```/)?.[1] ?? '';
const subgraph = picture.match(/subgraph foundation[^\n]*\n([\s\S]*?)\n\s*end\n/)?.[1] ?? '';
const pictured = subgraph.split('\n').map((line) => line.trim().match(/^(\w+)/)?.[1]).filter(Boolean);
if (!same(pictured, FOUNDATION)) problems.push(`its picture's foundation holds ${show(pictured)}, the configuration's ${show(FOUNDATION)}`);
const below = new Map();
for (const line of picture.split('\n')) {
  const arrow = line.trim().match(/^(\w+)(?:\[[^\]]*\])? --> (\w+)$/);
  if (arrow) below.set(arrow[2], arrow[1]);
}
const chain = [];
for (let floor = below.get('foundation'); floor && floor !== 'top' && !chain.includes(floor); floor = below.get(floor)) chain.push(floor);
if (!same(chain, DOMAINS)) problems.push(`its picture stacks the domains, lowest first, as ${show(chain)}, the configuration as ${show(DOMAINS)}`);

// The exceptions: each numbered item's bold lead names the files that import upward, before its arrow. A bare file
// name lives in the folder of the path before it.
const exceptions = section('Exceptions?\\b') ?? '';
const documented = [];
for (const item of exceptions.matchAll(/^\d+\.\s+\*\*(.+?)\*\*/gm)) {
  let folder = '';
  for (const name of codeNames(item[1].split('→')[0]).filter((text) => /\.[cm]?[jt]sx?$/.test(text))) {
    const file = name.includes('/') ? name : `${folder}${name}`;
    folder = file.slice(0, file.lastIndexOf('/') + 1);
    documented.push(`src/${file.replace(/^src\//, '')}`);
  }
}
const configured = EXCEPTIONS.map(({ from }) => from);
if (!sameSet(documented, configured)) {
  problems.push(`its exceptions name ${show([...new Set(documented)])} as importing upward, the configuration's EXCEPTIONS ${show(configured)}`);
}

for (const problem of problems) console.error(`${DOC} disagrees with .dependency-cruiser.cjs: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
