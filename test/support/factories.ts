import { DataSource } from 'typeorm';
import { Game } from '../../src/games/entities/game.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';

/**
 * Test data written straight to the database: factories, not the features under test. Every record gets unique
 * names so tests never depend on each other's leftovers.
 */
let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

const DAY_MS = 24 * 3600 * 1000;
/** A calendar date (YYYY-MM-DD) `days` from now. */
export const dateFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** An instant `hours` from now. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600 * 1000);

export async function createConference(ds: DataSource, fields: Partial<Conference> = {}): Promise<Conference> {
  return ds.getRepository(Conference).save({ name: `Conference ${next()}`, ...fields });
}

export async function createTeam(ds: DataSource, fields: Partial<Team> = {}): Promise<Team> {
  const conference_id = fields.conference_id ?? (await createConference(ds)).id;
  const n = next();
  return ds.getRepository(Team).save({
    name: `Team ${n}`,
    nickname: `Nick ${n}`,
    mascot: null,
    city: 'Springfield',
    state: 'IL',
    webpage_url: 'https://example.com',
    wins: 0,
    losses: 0,
    ...fields,
    conference_id,
  });
}

export async function createSeason(ds: DataSource, fields: Partial<FootballSeason> = {}): Promise<FootballSeason> {
  return ds.getRepository(FootballSeason).save({
    name: `Season ${next()}`,
    year: 2026,
    start_date: dateFromNow(-60),
    end_date: dateFromNow(60),
    is_current: false,
    ...fields,
  });
}

/** A week; by default of a new season, running from yesterday to six days from now (so "current"). */
export async function createWeek(ds: DataSource, fields: Partial<Week> = {}): Promise<Week> {
  const football_season_id = fields.football_season_id ?? (await createSeason(ds)).id;
  return ds.getRepository(Week).save({
    number: 1,
    start_date: dateFromNow(-1),
    end_date: dateFromNow(6),
    is_current: false,
    ...fields,
    football_season_id,
  });
}

/** A game; by default in a new current week, between two new teams, kicking off in three days. */
export async function createGame(ds: DataSource, fields: Partial<Game> = {}): Promise<Game> {
  const week_id = fields.week_id ?? (await createWeek(ds)).id;
  const home_team_id = fields.home_team_id ?? (await createTeam(ds)).id;
  const away_team_id = fields.away_team_id ?? (await createTeam(ds)).id;
  return ds.getRepository(Game).save({
    game_date: hoursFromNow(72),
    status: 'scheduled',
    is_tiebreaker: false,
    ...fields,
    week_id,
    home_team_id,
    away_team_id,
  });
}

/** A member's pick of a game (the home team unless told otherwise). */
export async function createPick(ds: DataSource, game: Game, user_id: number, fields: Partial<Pick> = {}): Promise<Pick> {
  return ds.getRepository(Pick).save({
    user_id,
    game_id: game.id,
    week_id: game.week_id,
    selected_team_id: game.home_team_id,
    ...fields,
  });
}
