/**
 * The normalised form of a team's name, so providers' spellings meet ours (docs/imports.md): "Hawai'i" and
 * "Hawaii", "Iowa St." and "Iowa State", "Texas A&M" and "Texas A and M", "Miami (OH)" and "Miami OH" agree.
 * Names that differ in more than spelling ("App State", "Florida International") are matched through a team's
 * alternate names or a remembered mapping, never guessed.
 */
export function normalizedTeamName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bb`.]/g, (character) => (character === '.' ? ' . ' : ''))
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9.]+/g, ' ')
    .replace(/\bst\s*\.(?=\s*$)/g, 'state')
    .replace(/\bst\s*\.\s*/g, 'saint ')
    .replace(/\bst$/g, 'state')
    .replace(/\s*\.\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
