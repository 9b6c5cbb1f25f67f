import * as bcrypt from 'bcrypt';
import { EntityManager, In } from 'typeorm';
import { Game } from '../games/entities/game.entity';
import { Pick } from '../picks/entities/pick.entity';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { Conference } from '../teams/entities/conference.entity';
import { Team } from '../teams/entities/team.entity';
import { User } from '../users/entities/user.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { ALTERNATE_NAMES, FBS_CONFERENCES_2025 } from './fbs-2025';

export const DEMO_PASSWORD = 'tailgate';
const DEMO_MEMBERS = ['Jordan Miles', 'Casey Brooks', 'Riley Thompson', 'Morgan Lee', 'Avery Johnson', 'Taylor Reed'];
const WEEKS = 15;
const GAMES_PER_WEEK = 10;
/** Saturday kickoffs in UTC: noon, 3:30 pm and 7:30 pm Eastern. */
const KICKOFF_HOURS_UTC = [16, 16, 16, 19.5, 19.5, 19.5, 19.5, 23.5, 23.5, 23.5];
const DAY_MS = 24 * 3600 * 1000;

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

/** Fisher-Yates with the seeded random source. */
function shuffled<T>(list: T[], rand: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
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
 * A demo season around today: past weeks with final scores, the current week open for picks, weeks to come,
 * and a few members with their picks. Created once; a second run leaves it as it is.
 */
export async function seedDemoSeason(manager: EntityManager, teams: Team[], now = new Date()): Promise<Omit<SeedSummary, 'conferences' | 'teams'>> {
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
  const hasCurrent = await manager.existsBy(FootballSeason, { is_current: true });
  const season = await manager.save(FootballSeason, {
    name,
    year,
    start_date: isoDate(seasonStart),
    end_date: isoDate(new Date(seasonStart.getTime() + (WEEKS * 7 - 1) * DAY_MS)),
    is_current: !hasCurrent,
  });

  const ranked = shuffled(teams, rand);
  const rankings = new Map(ranked.slice(0, 25).map((team, index) => [team.id, index + 1]));
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
    const saturday = start.getTime() + 6 * DAY_MS;
    const playing = shuffled(teams, rand).slice(0, GAMES_PER_WEEK * 2);
    const games: Game[] = [];
    for (let g = 0; g < GAMES_PER_WEEK; g++) {
      const [home, away] = [playing[2 * g], playing[2 * g + 1]];
      const game_date = new Date(saturday + KICKOFF_HOURS_UTC[g] * 3600 * 1000);
      const final = game_date.getTime() + 4 * 3600 * 1000 < now.getTime();
      const homeScore = Math.floor(rand() * 45) + 3;
      const awayScore = Math.floor(rand() * 45) + 3 + (rand() < 0.5 ? 1 : 0);
      const [home_score, away_score] = homeScore === awayScore ? [homeScore + 3, awayScore] : [homeScore, awayScore];
      games.push(
        await manager.save(Game, {
          week_id: week.id,
          home_team_id: home.id,
          away_team_id: away.id,
          game_date,
          status: final ? 'completed' : 'scheduled',
          home_score: final ? home_score : null,
          away_score: final ? away_score : null,
          winner_team_id: final ? (home_score > away_score ? home.id : away.id) : null,
          betting_line: Math.floor(rand() * 40) / 2 + 0.5,
          betting_line_team: rand() < 0.6 ? 'home' : 'away',
          is_tiebreaker: g === GAMES_PER_WEEK - 1,
          home_team_ranking: rankings.get(home.id) ?? null,
          away_team_ranking: rankings.get(away.id) ?? null,
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

/** Everything the seed loads, in one transaction. */
export async function seed(manager: EntityManager, now = new Date()): Promise<SeedSummary> {
  const teams = await seedReferenceData(manager);
  const demo = await seedDemoSeason(manager, teams, now);
  return { conferences: FBS_CONFERENCES_2025.length, teams: teams.length, ...demo };
}
