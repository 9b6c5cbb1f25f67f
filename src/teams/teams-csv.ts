import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { CsvProblems, CsvRow, CsvValue } from '../common/csv';
import { CreateTeamDto } from './dto/create-team.dto';
import type { EntityManager } from 'typeorm';
import { Conference } from './entities/conference.entity';
import type { Team, TeamClassification } from './entities/team.entity';

/** The columns of the teams CSV (docs/imports.md#csv), in the order the export writes them. */
export const TEAMS_CSV_COLUMNS = ['id', 'name', 'nickname', 'mascot', 'conference', 'city', 'state', 'webpage_url', 'classification', 'alternate_names'] as const;
export type TeamsCsvColumn = (typeof TEAMS_CSV_COLUMNS)[number];
export const TEAMS_CSV_REQUIRED: TeamsCsvColumn[] = ['name', 'conference'];

/** A file of every FBS and FCS team fits with room to spare. */
export const TEAMS_CSV_MAX_ROWS = 1000;

/**
 * The one conference an import creates when a row names it and it does not exist yet: FCS and other non-FBS
 * opponents go there (docs/imports.md). Its teams may leave city, state and website empty.
 */
export const FCS_CONFERENCE = 'FCS';

/** The FCS conference's id, made the first time a team is put in it (a CSV import, a team created from a mapping). */
export async function fcsConferenceId(manager: EntityManager): Promise<number> {
  const existing = await manager.findOneBy(Conference, { name: FCS_CONFERENCE });
  return existing ? existing.id : ((await manager.insert(Conference, { name: FCS_CONFERENCE })).identifiers[0].id as number);
}
const FCS_MAY_LEAVE_EMPTY = new Set(['city', 'state', 'webpage_url']);

/** How the alternate_names cell separates names; the export joins them with "; ". */
const NAME_SEPARATOR = ';';

/** One team as a row of the CSV; needs its conference loaded. */
export function teamCsvRow(team: Team): Record<TeamsCsvColumn, CsvValue> {
  return {
    id: team.id,
    name: team.name,
    nickname: team.nickname,
    mascot: team.mascot,
    conference: team.conference?.name ?? null,
    city: team.city,
    state: team.state,
    webpage_url: team.webpage_url,
    classification: team.classification,
    alternate_names: team.alternate_names?.length ? team.alternate_names.join(`${NAME_SEPARATOR} `) : null,
  };
}

/** The columns of a team an import writes. */
export interface TeamFields {
  name: string;
  nickname: string | null;
  mascot: string | null;
  city: string;
  state: string;
  webpage_url: string;
  conference_id: number;
  classification: TeamClassification | null;
  alternate_names: string[] | null;
}
const FIELDS = ['name', 'nickname', 'mascot', 'city', 'state', 'webpage_url', 'conference_id', 'classification', 'alternate_names'] as const satisfies readonly (keyof TeamFields)[];

/** What an import does with one row. `conference_id` is null for the FCS conference still to be created. */
export type TeamChange =
  | { action: 'create'; line: number; fields: Omit<TeamFields, 'conference_id'> & { conference_id: number | null } }
  | { action: 'update'; line: number; id: number; fields: Omit<TeamFields, 'conference_id'> & { conference_id: number | null } }
  | { action: 'unchanged'; line: number; id: number };

const folded = (name: string) => name.trim().toLowerCase();
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a teams CSV would change, row by row, against the teams and conferences there are now; each problem is added
 * to `problems` with its line (the caller writes nothing while there is any).
 * - A row with an id updates that team, else the team of that name (ignoring case), else it creates one.
 * - Its conference is named, ignoring case; only FCS is created on first use, another unknown one is a problem.
 * - It must satisfy what POST /api/teams requires, except that a team in FCS may leave city, state and website
 *   empty, and a field left as the team already has it is not checked again (an export goes back in unchanged).
 * - A column the file leaves out keeps what the team has (a new team gets it empty).
 */
export function planTeamsImport(rows: CsvRow<TeamsCsvColumn>[], teams: Team[], conferences: Conference[], problems: CsvProblems): TeamChange[] {
  const byId = new Map(teams.map((team) => [team.id, team]));
  const byName = new Map(teams.map((team) => [folded(team.name), team]));
  const conferenceByName = new Map(conferences.map((conference) => [folded(conference.name), conference]));
  const namesInFile = new Map<string, number>();
  const teamsInFile = new Map<number, number>();
  const changes: TeamChange[] = [];

  for (const { line, cells } of rows) {
    const problem = (message: string) => problems.add(line, message);
    const problemsBefore = problems.count;
    let team: Team | undefined;
    if (cells.id) {
      const id = /^\d+$/.test(cells.id) ? Number(cells.id) : NaN;
      if (Number.isNaN(id)) problem('id must be the id of a team (a whole number), or empty for a new team');
      else if (!byId.has(id)) problem(`no team has id ${id}; leave id empty to create a team`);
      else team = byId.get(id);
    } else if (cells.name) {
      team = byName.get(folded(cells.name));
    }
    if (team) {
      const earlier = teamsInFile.get(team.id);
      if (earlier !== undefined) problem(`team ${team.name} is already on line ${earlier}`);
      else teamsInFile.set(team.id, line);
    }

    const name = cells.name ?? '';
    if (name) {
      const earlier = namesInFile.get(folded(name));
      if (earlier !== undefined) problem(`the name ${name} is already on line ${earlier}`);
      else namesInFile.set(folded(name), line);
      const holder = byName.get(folded(name));
      if (holder && team && holder.id !== team.id) problem(`the name ${name} belongs to another team (id ${holder.id})`);
    }

    const conferenceName = cells.conference ?? '';
    const conference = conferenceByName.get(folded(conferenceName));
    const isFcs = folded(conferenceName) === folded(FCS_CONFERENCE);
    if (!conferenceName) problem('conference is required');
    else if (!conference && !isFcs) problem(`conference ${conferenceName} does not exist; create it first (only ${FCS_CONFERENCE} is created on first use)`);

    // The row over what the team has: a column the file leaves out keeps the team's value.
    const given = (column: TeamsCsvColumn, current: unknown) => (column in cells ? cells[column] : current);
    const candidate = {
      name,
      nickname: given('nickname', team?.nickname),
      mascot: given('mascot', team?.mascot),
      city: given('city', team?.city) ?? '',
      state: given('state', team?.state) ?? '',
      webpage_url: given('webpage_url', team?.webpage_url) ?? '',
      // Any whole number passes the DTO; the conference itself was checked above.
      conference_id: conference?.id ?? 0,
      classification: given('classification', team?.classification),
      alternate_names: 'alternate_names' in cells ? cells.alternate_names!.split(NAME_SEPARATOR) : team?.alternate_names,
    };
    const dto = plainToInstance(CreateTeamDto, candidate);
    const checked = validateSync(dto, { stopAtFirstError: true, whitelist: true });
    for (const error of checked) {
      const property = error.property as keyof TeamFields;
      const value = dto[property as keyof CreateTeamDto];
      if (team && property !== 'name' && sameValue(value, team[property])) continue;
      if (isFcs && FCS_MAY_LEAVE_EMPTY.has(property) && (value === '' || value === null || value === undefined)) continue;
      problem(Object.values(error.constraints ?? {})[0] ?? `${property} is not valid`);
    }
    if (problems.count > problemsBefore) continue;

    const fields = {
      name: dto.name,
      nickname: dto.nickname ?? null,
      mascot: dto.mascot ?? null,
      city: dto.city ?? '',
      state: dto.state ?? '',
      webpage_url: dto.webpage_url ?? '',
      conference_id: conference?.id ?? null,
      classification: dto.classification ?? null,
      alternate_names: dto.alternate_names ?? null,
    };
    if (!team) changes.push({ action: 'create', line, fields });
    else if (FIELDS.every((field) => sameValue(fields[field], team[field]))) changes.push({ action: 'unchanged', line, id: team.id });
    else changes.push({ action: 'update', line, id: team.id, fields });
  }
  return changes;
}
