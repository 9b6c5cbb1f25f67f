import { CsvProblems, readCsv } from '../common/csv';
import type { Conference } from './entities/conference.entity';
import type { Team } from './entities/team.entity';
import { planTeamsImport, TEAMS_CSV_COLUMNS, TEAMS_CSV_MAX_ROWS, TEAMS_CSV_REQUIRED, teamCsvRow } from './teams-csv';

const SEC = { id: 1, name: 'SEC' } as Conference;
const FCS = { id: 2, name: 'FCS' } as Conference;
const team = (fields: Partial<Team>): Team =>
  ({ id: 10, name: 'Georgia', nickname: 'Bulldogs', mascot: 'Uga', city: 'Athens', state: 'GA', conference_id: 1, conference: SEC, webpage_url: 'https://georgiadogs.com', wins: 0, losses: 0, alternate_names: null, classification: 'fbs', ...fields }) as Team;
const GEORGIA = team({});
const HEADER = TEAMS_CSV_COLUMNS.join(',');

function plan(text: string, conferences: Conference[] = [SEC]) {
  const problems = new CsvProblems();
  const rows = readCsv(text, { columns: TEAMS_CSV_COLUMNS, required: TEAMS_CSV_REQUIRED, maxRows: TEAMS_CSV_MAX_ROWS, noun: 'team' }, problems);
  const changes = planTeamsImport(rows, [GEORGIA, team({ id: 11, name: 'Auburn', webpage_url: 'not a url' })], conferences, problems);
  let errors: string[] = [];
  try {
    problems.throwIfAny();
  } catch (error) {
    errors = (error as { getResponse(): { errors: string[] } }).getResponse().errors;
  }
  return { changes, errors };
}

describe('teams CSV', () => {
  it('writes a team as a row, alternate names joined by "; "', () => {
    expect(teamCsvRow(team({ alternate_names: ['UGA', 'Georgia Bulldogs'] }))).toEqual({
      id: 10, name: 'Georgia', nickname: 'Bulldogs', mascot: 'Uga', conference: 'SEC', city: 'Athens', state: 'GA', webpage_url: 'https://georgiadogs.com', classification: 'fbs', alternate_names: 'UGA; Georgia Bulldogs',
    });
  });

  it.each([
    ['its own row, unchanged', '10,Georgia,Bulldogs,Uga,SEC,Athens,GA,https://georgiadogs.com,fbs,', { action: 'unchanged', line: 2, id: 10 }],
    ['a row found by name, ignoring case, with a change', ',GEORGIA,Dawgs,Uga,sec,Athens,GA,https://georgiadogs.com,FBS,UGA; UGA;', { action: 'update', line: 2, id: 10, fields: expect.objectContaining({ name: 'GEORGIA', nickname: 'Dawgs', conference_id: 1, classification: 'fbs', alternate_names: ['UGA'] }) }],
    ['a new team', ',Vanderbilt,,,SEC,Nashville,TN,https://vucommodores.com,,', { action: 'create', line: 2, fields: expect.objectContaining({ name: 'Vanderbilt', nickname: null, classification: null, alternate_names: null }) }],
    ['a new FCS team without city, state or website, FCS still to be created', ',Mercer,,,FCS,,,,fcs,', { action: 'create', line: 2, fields: expect.objectContaining({ conference_id: null, city: '', webpage_url: '' }) }],
    ['a team whose stored website breaks the rules, left as it is', '11,Auburn,Bulldogs,Uga,SEC,Athens,GA,not a url,fbs,', { action: 'unchanged', line: 2, id: 11 }],
  ])('plans %s', (_case, row, change) => {
    const { changes, errors } = plan(`${HEADER}\n${row}`);
    expect(errors).toEqual([]);
    expect(changes).toEqual([change]);
  });

  it('finds an existing FCS conference by name', () => {
    expect(plan(`${HEADER}\n,Mercer,,,fcs,,,,,`, [SEC, FCS]).changes).toEqual([expect.objectContaining({ action: 'create', fields: expect.objectContaining({ conference_id: 2 }) })]);
  });

  it.each([
    ['an id that is not a number', 'x1,Georgia,,,SEC,Athens,GA,https://georgiadogs.com,,', 'Line 2: id must be the id of a team (a whole number), or empty for a new team'],
    ['an unknown conference', ',Tulane,,,AAC,New Orleans,LA,https://tulanegreenwave.com,,', 'Line 2: conference AAC does not exist; create it first (only FCS is created on first use)'],
    ['no conference', ',Tulane,,,,New Orleans,LA,https://tulanegreenwave.com,,', 'Line 2: conference is required'],
    ['a state too long', `,Tulane,,,SEC,New Orleans,${'L'.repeat(51)},https://tulanegreenwave.com,,`, 'Line 2: state must be at most 50 characters'],
    ['another team\'s name taken by id', '10,Auburn,,,SEC,Athens,GA,https://georgiadogs.com,,', 'Line 2: the name Auburn belongs to another team (id 11)'],
    ['a city cleared outside FCS', '10,Georgia,,,SEC,,GA,https://georgiadogs.com,,', 'Line 2: city is required'],
  ])('refuses %s', (_case, row, message) => {
    const { changes, errors } = plan(`${HEADER}\n${row}`);
    expect(errors).toEqual([message]);
    expect(changes).toEqual([]);
  });

  it('refuses the same team twice, by id and by name', () => {
    expect(plan(`${HEADER}\n10,Georgia,,,SEC,Athens,GA,https://georgiadogs.com,,\n,georgia,,,SEC,Athens,GA,https://georgiadogs.com,,`).errors).toEqual([
      'Line 3: team Georgia is already on line 2',
      'Line 3: the name georgia is already on line 2',
    ]);
  });
});
