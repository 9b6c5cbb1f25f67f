/**
 * Short team labels for tight spaces (the pick grid on a phone). The API has no abbreviation field, so they are
 * derived from the names: a short all-caps name stays (SMU, UCLA), several words give their initials (Ohio State →
 * OS, Texas A&M → TA&M), one word its first four letters (Rutgers → RUTG). Where two teams of the same table would
 * share a label, both get a longer one (the first word's first five letters plus the other initials), and if that
 * still clashes, the full name. The full name always goes beside it for assistive technology and tooltips.
 */
const words = (name: string) => name.split(/[\s-]+/).map((part) => part.replace(/[^A-Za-z0-9&]/g, '')).filter(Boolean);

function short(name: string): string {
  const trimmed = name.trim();
  if (/^[A-Z0-9&.]{2,5}$/.test(trimmed.replace(/\s/g, '')) && trimmed.length <= 5) return trimmed.replace(/\s/g, '');
  const parts = words(trimmed);
  if (parts.length === 1) return parts[0].slice(0, 4).toUpperCase();
  return parts.map((part) => (/^[A-Z&]{2,4}$/.test(part) ? part : part[0].toUpperCase())).join('');
}

function longer(name: string): string {
  const [first, ...rest] = words(name.trim());
  return [first.slice(0, 5).toUpperCase(), ...rest.map((part) => part[0].toUpperCase())].join('');
}

/** A label per team name, unique among the names given. */
export function teamAbbreviations(names: string[]): Map<string, string> {
  const unique = [...new Set(names)];
  const result = new Map<string, string>();
  const levels = [short, longer, (name: string) => name];
  let pending = unique;
  for (const level of levels) {
    const labels = new Map(pending.map((name) => [name, level(name)]));
    const counts = new Map<string, number>();
    for (const name of unique) {
      const label = labels.get(name) ?? result.get(name);
      if (label) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    pending = pending.filter((name) => {
      const label = labels.get(name)!;
      if ((counts.get(label) ?? 0) > 1 && level !== levels[levels.length - 1]) return true;
      result.set(name, label);
      return false;
    });
    if (pending.length === 0) break;
  }
  return result;
}
