import { Setting, SettingGroup } from './setting';
import { ALL_SETTINGS } from './settings';

/**
 * The README's configuration table and .env.example, written from the settings registry by `npm run settings:docs`
 * (scripts/settings-docs.ts); `npm run lint` fails when the files in the repository differ from what this writes.
 */

/** The README lines between these two hold the generated table; the text around them is written by hand. */
export const README_TABLE_START = '<!-- settings table: written by `npm run settings:docs` from src/config/settings; edit those -->';
export const README_TABLE_END = '<!-- end of the settings table -->';

const code = (text: string) => `\`${text}\``;

function defaultCell(setting: Setting): string {
  return setting.defaultText ?? (setting.default === undefined ? '(unset)' : code(setting.default));
}

/** The README's table: one row per variable, in the registry's order. */
export function readmeTable(settings: Setting[] = ALL_SETTINGS): string {
  const rows = settings.map((setting) => `| ${code(setting.name)} | ${defaultCell(setting)} | ${setting.description.replace(/\|/g, '\\|')} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** Markdown as plain text for a comment: no code marks or emphasis, links as "text (address)". */
export function plain(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_, text: string, address: string) => (text === address ? text : `${text} (${address})`))
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/`([^`]*)`/g, '$1');
}

const WIDTH = 118;

/** A comment of `# ` lines no wider than WIDTH. */
export function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '#' && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** A description as a sentence: capitalized unless it starts with a value (`code`), ending in a full stop. */
const sentence = (markdown: string) => {
  const text = plain(markdown);
  const capital = markdown.startsWith('`') ? text : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return /[.…]$/.test(capital) ? capital : `${capital}.`;
};

function envEntry(setting: Setting): string[] {
  // A default that follows another variable or is generated is said in words ("(unset: …)" says nothing more).
  const computed = setting.defaultText === undefined || setting.defaultText.startsWith('(') ? '' : ` Default: ${plain(setting.defaultText)}.`;
  const value = setting.secret || setting.default === undefined ? '' : setting.default;
  return [...comment(`${sentence(setting.description)}${computed}`), `${setting.name}=${value}`];
}

/** .env.example: every variable, by group, with its default (never a secret's) and what it does. */
export function envExample(settings: Setting[] = ALL_SETTINGS): string {
  const lines = [
    '# Tailgate Picks configuration. Copy to .env (read at start) or set in the environment.',
    '# Every variable is optional in development; the app refuses to start when a value is malformed.',
    '# Written by `npm run settings:docs` from src/config/settings: edit those, not this file.',
  ];
  let group: SettingGroup | undefined;
  for (const setting of settings) {
    if (setting.group !== group) {
      group = setting.group;
      lines.push('', `# --- ${group.title} ---`);
      if (group.intro) lines.push(...comment(plain(group.intro)), '');
    }
    lines.push(...envEntry(setting));
  }
  return `${lines.join('\n')}\n`;
}

/** `document` with the lines between the two markers replaced by `content`; throws when a marker is missing. */
export function replaceBetween(document: string, start: string, end: string, content: string): string {
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`The markers ${start} and ${end} are missing`);
  return `${document.slice(0, from + start.length)}\n${content}\n${document.slice(to)}`;
}
