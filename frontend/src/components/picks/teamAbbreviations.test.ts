import { teamAbbreviations } from './teamAbbreviations';

describe('team abbreviations', () => {
  it('keeps short all-caps names, takes initials of several words and four letters of one', () => {
    const labels = teamAbbreviations(['SMU', 'UCLA', 'Ohio State', 'Texas A&M', 'Rutgers', 'Boston College', 'Miami (OH)']);
    expect(Object.fromEntries(labels)).toEqual({
      SMU: 'SMU',
      UCLA: 'UCLA',
      'Ohio State': 'OS',
      'Texas A&M': 'TA&M',
      Rutgers: 'RUTG',
      'Boston College': 'BC',
      'Miami (OH)': 'MOH',
    });
  });

  it('never gives two teams of a table the same label', () => {
    const names = ['Michigan State', 'Mississippi State', 'Michigan', 'Michigan Tech', 'Tulane', 'Tulsa', 'North Carolina', 'NC State'];
    const labels = teamAbbreviations(names);
    expect(new Set(labels.values()).size).toBe(names.length);
    expect(labels.get('Tulane')).toBe('TULA');
    expect(labels.get('Tulsa')).toBe('TULS');
    expect(labels.get('Michigan State')).toBe('MICHIS');
    expect(labels.get('Mississippi State')).toBe('MISSIS');
  });
});
