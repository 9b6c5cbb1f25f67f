import * as bcrypt from 'bcrypt';
import { EntityManager, In } from 'typeorm';
import { Game } from '../games/entities/game.entity';
import { Pick } from '../picks/entities/pick.entity';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { Conference } from '../teams/entities/conference.entity';
import { Team } from '../teams/entities/team.entity';
import { User } from '../users/entities/user.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { TeamIndex } from '../imports/team-matcher';
import { ALTERNATE_NAMES, FBS_CONFERENCES_2025 } from './fbs-2025';
import { demoSlate, kickoffInWeek, readRealGames, RealGameSources, realMatchups } from './real-schedule';

export const DEMO_PASSWORD = 'tailgate';
const DEMO_MEMBERS = ['Jordan Miles', 'Casey Brooks', 'Riley Thompson', 'Morgan Lee', 'Avery Johnson', 'Taylor Reed'];
const WEEKS = 15;
/** The weekly e-mail's rule: exactly 10 games, one of them the tiebreaker. */
const GAMES_PER_WEEK = 10;
/** A game counts as played (final) this long after its kickoff. */
const GAME_LENGTH_MS = 4 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
/** The largest line the demo posts (before its half point). */
export const LINE_MAX = 38;

export interface SeedSummary {
  conferences: number;
  teams: number;
  season: string;
  seasonCreated: boolean;
  members: number;
  picks: number;
}

/** A small deterministic random source, so every run of the seed builds the same league. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Conferences and teams: inserted when missing, updated when present; matched by name. */
export async function seedReferenceData(manager: EntityManager): Promise<Team[]> {
  for (const { name, teams } of FBS_CONFERENCES_2025) {
    let conference = await manager.findOneBy(Conference, { name });
    if (!conference) conference = await manager.save(Conference, { name });
    const existing = new Map((await manager.findBy(Team, { name: In(teams.map((team) => team.name)) })).map((team) => [team.name, team]));
    for (const team of teams) {
      const fields = { ...team, conference_id: conference.id, classification: 'fbs', alternate_names: ALTERNATE_NAMES[team.name] ?? null };
      const current = existing.get(team.name);
      if (current) await manager.update(Team, current.id, fields);
      else await manager.insert(Team, fields);
    }
  }
  return manager.find(Team, { order: { id: 'ASC' } });
}

/**
 * A demo season around today, built from the real 2025 games (src/seeds/real-schedule.ts): past weeks with their
 * real final scores, the current week open for picks, weeks to come, and a few members with their picks. Created
 * once; a second run leaves it as it is.
 */
export async function seedDemoSeason(
  manager: EntityManager,
  teams: Team[],
  now = new Date(),
  sources: RealGameSources = readRealGames(),
): Promise<Omit<SeedSummary, 'conferences' | 'teams'>> {
  const rand = random(2025);
  // Weeks run Sunday to Saturday. The week holding today is week 11, so the pool shows history, the live week
  // (its Saturday games still open) and what is still to come.
  const currentStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - now.getUTCDay() * DAY_MS);
  const seasonStart = new Date(currentStart.getTime() - 10 * 7 * DAY_MS);
  const year = seasonStart.getUTCFullYear();
  const name = `Demo ${year}-${year + 1}`;

  const members = await seedMembers(manager);
  if (await manager.existsBy(FootballSeason, { name })) {
    return { season: name, seasonCreated: false, members: members.length, picks: 0 };
  }
  // The providers' teams found among the seeded FBS teams only, by name and alternate names, as an import would.
  const seeded = new Set(FBS_CONFERENCES_2025.flatMap((conference) => conference.teams.map((team) => team.name)));
  const fbs = teams.filter((team) => seeded.has(team.name));
  const slate = demoSlate(realMatchups(sources, new TeamIndex('cfbd', new Map(), fbs), new TeamIndex('scoreboard', new Map(), fbs)), WEEKS, GAMES_PER_WEEK);

  const hasCurrent = await manager.existsBy(FootballSeason, { is_current: true });
  const season = await manager.save(FootballSeason, {
    name,
    year,
    start_date: isoDate(seasonStart),
    end_date: isoDate(new Date(seasonStart.getTime() + (WEEKS * 7 - 1) * DAY_MS)),
    is_current: !hasCurrent,
  });

  const picks: Partial<Pick>[] = [];
  for (let number = 1; number <= WEEKS; number++) {
    const start = new Date(seasonStart.getTime() + (number - 1) * 7 * DAY_MS);
    const week = await manager.save(Week, {
      football_season_id: season.id,
      number,
      start_date: isoDate(start),
      end_date: isoDate(new Date(start.getTime() + 6 * DAY_MS)),
      is_current: false,
    });
    const scheduled = slate[number - 1]
      .map((game) => ({ ...game, game_date: kickoffInWeek(game.kickoff, start) }))
      .sort((a, b) => a.game_date.getTime() - b.game_date.getTime());
    const games: Game[] = [];
    for (const [index, game] of scheduled.entries()) {
      const final = game.game_date.getTime() + GAME_LENGTH_MS < now.getTime();
      const homeWon = game.home_score > game.away_score;
      // No line was captured with the fixtures: the real winner is the favourite, by the real margin moved to a
      // half point either way (no pushes), so the favourite covers about half the time. Books rarely post more than
      // about five touchdowns, so a blowout's line stops at LINE_MAX.
      const margin = Math.min(Math.abs(game.home_score - game.away_score), LINE_MAX);
      games.push(
        await manager.save(Game, {
          week_id: week.id,
          name: game.name,
          home_team_id: game.home_team_id,
          away_team_id: game.away_team_id,
          game_date: game.game_date,
          status: final ? 'completed' : 'scheduled',
          home_score: final ? game.home_score : null,
          away_score: final ? game.away_score : null,
          winner_team_id: final ? (homeWon ? game.home_team_id : game.away_team_id) : null,
          betting_line: Math.max(0.5, margin + (rand() < 0.5 ? -0.5 : 0.5)),
          betting_line_team: homeWon ? 'home' : 'away',
          // The week's last kickoff is its tiebreaker, as the weekly e-mail expects exactly one.
          is_tiebreaker: index === scheduled.length - 1,
          home_team_ranking: game.home_rank,
          away_team_ranking: game.away_rank,
        }),
      );
    }
    if (start.getTime() > now.getTime()) continue;
    for (const member of members) {
      for (const game of games) {
        // In the live week the members have made only some of their picks so far.
        if (game.game_date.getTime() > now.getTime() && rand() < 0.5) continue;
        const favourite = game.betting_line_team === 'home' ? game.home_team_id : game.away_team_id;
        const underdog = favourite === game.home_team_id ? game.away_team_id : game.home_team_id;
        picks.push({
          user_id: member.id,
          game_id: game.id,
          week_id: week.id,
          selected_team_id: rand() < 0.65 ? favourite : underdog,
          tiebreaker_home_score: game.is_tiebreaker ? Math.floor(rand() * 40) + 10 : null,
          tiebreaker_away_score: game.is_tiebreaker ? Math.floor(rand() * 40) + 10 : null,
        });
      }
    }
  }
  for (let i = 0; i < picks.length; i += 500) await manager.insert(Pick, picks.slice(i, i + 500));
  return { season: name, seasonCreated: true, members: members.length, picks: picks.length };
}

async function seedMembers(manager: EntityManager): Promise<User[]> {
  const password_hash = await bcrypt.hash(DEMO_PASSWORD, 10);
  const members: User[] = [];
  for (const name of DEMO_MEMBERS) {
    const email = `${name.split(' ')[0].toLowerCase()}@example.com`;
    const existing = await manager.findOneBy(User, { email });
    members.push(existing ?? (await manager.save(User, { email, name, role: 'user', password_hash })));
  }
  return members;
}

/** Everything the seed loads, in one transaction. The real games are read first, so missing fixtures write nothing. */
export async function seed(manager: EntityManager, now = new Date(), sources: RealGameSources = readRealGames()): Promise<SeedSummary> {
  const teams = await seedReferenceData(manager);
  const demo = await seedDemoSeason(manager, teams, now, sources);
  return { conferences: FBS_CONFERENCES_2025.length, teams: teams.length, ...demo };
}
