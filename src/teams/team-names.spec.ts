import { normalizedTeamName } from './team-names';

describe('normalizedTeamName', () => {
  it.each([
    ["Hawai'i", 'Hawaii'],
    ['Hawai\u02bbi', 'Hawaii'],
    ['Iowa St.', 'Iowa State'],
    ['Kansas St', 'Kansas State'],
    ['Texas A&M', 'Texas A and M'],
    ['Miami (OH)', 'Miami OH'],
    ['San José State', 'San Jose State'],
    ['  North   Carolina ', 'north carolina'],
  ])('%s matches %s', (provider, ours) => {
    expect(normalizedTeamName(provider)).toBe(normalizedTeamName(ours));
  });

  it('keeps "St." in front of a name as Saint', () => {
    expect(normalizedTeamName('St. Francis (PA)')).toBe('saint francis pa');
  });

  it.each([
    ['Iowa State', 'Iowa'],
    ['Miami', 'Miami (OH)'],
    ['App State', 'Appalachian State'],
  ])('%s does not match %s', (a, b) => {
    expect(normalizedTeamName(a)).not.toBe(normalizedTeamName(b));
  });
});
