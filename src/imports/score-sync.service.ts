import { HttpException, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { duration } from '../common/count-of';
import { AppConfig } from '../config/app-config';
import { Game } from '../games/entities/game.entity';
import type { UpdateGameDto } from '../games/dto/update-game.dto';
import { GamesService } from '../games/games.service';
import { WeeklyResult } from '../results/entities/weekly-result.entity';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import { calendarDate } from '../seasons/weeks/week-status';
import type { User } from '../users/entities/user.entity';
import { ScoreSyncFieldChangeDto, ScoreSyncFlagDto, ScoreSyncGameChangeDto, ScoreSyncReportDto, ScoreSyncUnmatchedDto } from './dto/score-sync.dto';
import { ProviderImport } from './entities/provider-import.entity';
import { ExternalGame, ExternalGameStatus, ProviderName } from './providers/provider';
import { providerWeek } from './calendar';
import { ProvidersService } from './providers/providers.service';
import { TeamIndex, TeamMatcher } from './team-matcher';

const HOUR_MS = 3600 * 1000;
/** A provider's game and ours are the same game only when their kickoffs are this close (docs/imports.md#decisions). */
export const KICKOFF_WINDOW_MS = 36 * HOUR_MS;

/** What matching needs of one of our games. */
export type SyncedGame = Pick<Game, 'id' | 'home_team_id' | 'away_team_id' | 'game_date' | 'provider' | 'external_id'>;

/** A team of ours the provider named with an id we did not know: remembered so the next sync finds it by id. */
export interface RememberedTeam {
  external_id: string;
  external_name: string;
  team_id: number;
}

export interface GameMatch {
  external: ExternalGame;
  /** The provider has our home team as its away team (a neutral site). */
  swapped: boolean;
  remember: RememberedTeam | null;
}

/**
 * Pairs our games with the provider's (docs/imports.md#score-sync), each provider game at most once:
 * 1. by the provider's id of the game, for games imported from this provider;
 * 2. by both teams (the provider's home and away, or swapped at a neutral site) with kickoffs within 36 h;
 * 3. by one team on its own side when the provider's other team is unknown to us, the kickoff is on the same day
 *    (`sameDay`), and each is the other's only candidate: the unknown team's id is then remembered as ours.
 * Unmatched are the provider's games left over that involve a team of ours of the week (the others are simply not
 * in the pool).
 */
export function matchGames(
  ours: SyncedGame[],
  theirs: ExternalGame[],
  index: Pick<TeamIndex, 'match'>,
  provider: ProviderName,
  sameDay: (a: Date, b: Date) => boolean,
): { matches: Map<number, GameMatch>; unmatched: ExternalGame[] } {
  const sides = new Map(theirs.map((game) => [game, { home: index.match(game.home)?.team_id ?? null, away: index.match(game.away)?.team_id ?? null }]));
  const matches = new Map<number, GameMatch>();
  const taken = new Set<ExternalGame>();
  const take = (game: SyncedGame, external: ExternalGame, remember: RememberedTeam | null = null) => {
    const side = sides.get(external)!;
    matches.set(game.id, { external, swapped: side.home === game.away_team_id && side.away === game.home_team_id, remember });
    taken.add(external);
  };
  const open = () => ours.filter((game) => !matches.has(game.id));
  const free = () => theirs.filter((external) => !taken.has(external));
  const apart = (game: SyncedGame, external: ExternalGame) => Math.abs(external.kickoff.getTime() - game.game_date.getTime());

  const byId = new Map(theirs.map((external) => [external.external_id, external]));
  for (const game of ours) {
    const external = game.provider === provider && game.external_id !== null ? byId.get(game.external_id) : undefined;
    if (external && !taken.has(external)) take(game, external);
  }

  for (const game of open()) {
    const candidates = free()
      .filter((external) => apart(game, external) <= KICKOFF_WINDOW_MS)
      .filter((external) => {
        const { home, away } = sides.get(external)!;
        return (home === game.home_team_id && away === game.away_team_id) || (external.neutral_site && home === game.away_team_id && away === game.home_team_id);
      })
      .sort((a, b) => apart(game, a) - apart(game, b));
    if (candidates.length > 0) take(game, candidates[0]);
  }

  const halfCandidates = new Map<SyncedGame, { external: ExternalGame; remember: RememberedTeam }[]>();
  for (const game of open()) {
    const candidates: { external: ExternalGame; remember: RememberedTeam }[] = [];
    for (const external of free()) {
      if (!sameDay(external.kickoff, game.game_date)) continue;
      const { home, away } = sides.get(external)!;
      if (home === game.home_team_id && away === null) {
        candidates.push({ external, remember: { external_id: external.away.external_id, external_name: external.away.name, team_id: game.away_team_id } });
      } else if (away === game.away_team_id && home === null) {
        candidates.push({ external, remember: { external_id: external.home.external_id, external_name: external.home.name, team_id: game.home_team_id } });
      }
    }
    halfCandidates.set(game, candidates);
  }
  const wanted = (external: ExternalGame) => [...halfCandidates.values()].filter((candidates) => candidates.some((candidate) => candidate.external === external)).length;
  for (const [game, candidates] of halfCandidates) {
    if (candidates.length === 1 && wanted(candidates[0].external) === 1) take(game, candidates[0].external, candidates[0].remember);
  }

  const ourTeams = new Set(ours.flatMap((game) => [game.home_team_id, game.away_team_id]));
  const unmatched = free().filter((external) => {
    const { home, away } = sides.get(external)!;
    return (home !== null && ourTeams.has(home)) || (away !== null && ourTeams.has(away));
  });
  return { matches, unmatched };
}

/** The provider's game seen from our game's sides (our home team's score first). */
export interface ProviderResult {
  status: ExternalGameStatus;
  home_score: number | null;
  away_score: number | null;
}

export function resultFor(match: GameMatch): ProviderResult {
  const { external, swapped } = match;
  return {
    status: external.status,
    home_score: swapped ? external.away_score : external.home_score,
    away_score: swapped ? external.home_score : external.away_score,
  };
}

export interface SyncDecision {
  /** What to write through the games service (its rules settle the winner); null: nothing. */
  write: Pick<UpdateGameDto, 'home_score' | 'away_score' | 'status'> | null;
  /** The game's sync_flag after this sync; null clears it. */
  flag: string | null;
}

export interface DecisionContext {
  now: Date;
  flagAfterMs: number;
  /** The provider's name inside a sentence ("the NCAA scoreboard"). */
  label: string;
  homeName: string;
  awayName: string;
}

/** The providers' names inside a sentence. */
const NAMED_IN_SENTENCE: Record<ProviderName, string> = { cfbd: 'CollegeFootballData', scoreboard: 'the NCAA scoreboard', csv: 'the CSV file' };
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What the sync does with one game of ours, given what the provider says of it (null: the provider does not list
 * it). It writes a final or a live score and never guesses: anything else worth the admin's eyes is a flag, and the
 * game is left as it is. The flags' sentences depend on nothing that moves between syncs, so a sync with the same
 * data changes nothing.
 */
export function decide(game: Pick<Game, 'status' | 'home_score' | 'away_score' | 'forfeit' | 'game_date'>, result: ProviderResult | null, context: DecisionContext): SyncDecision {
  const { label } = context;
  const final = result !== null && result.status === 'completed' && result.home_score !== null && result.away_score !== null;
  const score = (home: number | null, away: number | null) => `${context.awayName} ${away}, ${context.homeName} ${home}`;
  if (game.status === 'cancelled') return { write: null, flag: null };
  if (game.status === 'completed') {
    if (!final || (result.home_score === game.home_score && result.away_score === game.away_score)) return { write: null, flag: null };
    const theirs = score(result.home_score, result.away_score);
    if (game.forfeit) return { write: null, flag: `Awarded as a forfeit, and ${label} has the final as ${theirs}: left as it is.` };
    return { write: null, flag: `Completed by an admin as ${score(game.home_score, game.away_score)}, but ${label} has the final as ${theirs}: check the score.` };
  }
  if (final) {
    if (result.home_score === result.away_score) {
      return { write: null, flag: `${capitalized(label)} has the final tied (${score(result.home_score, result.away_score)}): a game of the pool cannot end tied; enter the result by hand.` };
    }
    return { write: { home_score: result.home_score!, away_score: result.away_score!, status: 'completed' }, flag: null };
  }
  if (result?.status === 'cancelled' || result?.status === 'postponed') {
    return { write: null, flag: `${capitalized(label)} reports this game ${result.status}: cancel it, or move its kickoff.` };
  }
  const live = result?.status === 'in_progress' && result.home_score !== null && result.away_score !== null;
  const write =
    live && (game.status !== 'in_progress' || game.home_score !== result.home_score || game.away_score !== result.away_score)
      ? { home_score: result.home_score!, away_score: result.away_score!, status: 'in_progress' as const }
      : null;
  const overdue = context.now.getTime() - game.game_date.getTime() >= context.flagAfterMs;
  if (!overdue) return { write, flag: null };
  const unlisted = result === null ? ` and ${label} does not list it` : ` and ${label} has no final score`;
  return { write, flag: `Not final ${duration(context.flagAfterMs)} after kickoff${unlisted}: postponed or cancelled?` };
}

const OUTCOME_FIELDS = ['status', 'home_score', 'away_score', 'winner_team_id'] as const;

/** Only a game-rules refusal (a tied final, say) becomes a flag; anything else is a real failure. */
const refusal = (error: unknown): string | null => (error instanceof UnprocessableEntityException ? messageOf(error) : null);

function messageOf(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown; errors?: unknown }).errors ?? (response as { message?: unknown }).message;
  return Array.isArray(message) ? String(message[0]) : String(message);
}

const gameName = (game: Game) => `${game.away_team?.name ?? `team ${game.away_team_id}`} at ${game.home_team?.name ?? `team ${game.home_team_id}`}`;

/**
 * The score sync (docs/imports.md#score-sync): a week's scores from SCORE_SYNC_PROVIDER written to its games, each
 * in its own transaction through the games service (so the winner follows the game rules, the change is audited as
 * the sync's and the week's results are calculated when its last winner lands). Called by POST /api/score_sync and
 * by the scheduled job.
 */
@Injectable()
export class ScoreSyncService {
  private readonly logger = new Logger(ScoreSyncService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly providers: ProvidersService,
    private readonly matcher: TeamMatcher,
    private readonly games: GamesService,
    private readonly calendar: WeekCalendarService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The week's sync; a provider that fails answers its ProviderError (502/504) and nothing is written. */
  async sync({ weekId, actor }: { weekId?: number; actor: User | null }): Promise<ScoreSyncReportDto> {
    const { week, season } = await this.weekToSync(weekId);
    const providerName = this.config.providers.scoreSyncProvider;
    const provider = this.providers.get(providerName);
    // Everything is fetched before anything is written.
    const external = await provider.games(await providerWeek(provider, season.year, week.number));

    // To the second, as every database here keeps a datetime: the report says exactly what the games hold.
    const ran_at = new Date(Math.floor(this.clock.now().getTime() / 1000) * 1000);
    const label = NAMED_IN_SENTENCE[providerName];
    const index = await this.matcher.index(providerName);
    const ours = await this.dataSource.getRepository(Game).find({ where: { week_id: week.id }, relations: { home_team: true, away_team: true }, order: { game_date: 'ASC', id: 'ASC' } });
    const zone = this.config.tzDisplay;
    const { matches, unmatched } = matchGames(ours, external, index, providerName, (a, b) => calendarDate(a, zone) === calendarDate(b, zone));

    const remembered = [...matches.values()].flatMap((match) => (match.remember ? [match.remember] : []));
    if (remembered.length > 0) await this.dataSource.transaction((manager) => this.matcher.remember(manager, providerName, remembered));

    const changes: ScoreSyncGameChangeDto[] = [];
    const flagged: ScoreSyncFlagDto[] = [];
    let unchanged = 0;
    for (const { id } of ours) {
      const match = matches.get(id);
      const outcome = await this.syncGame(id, match ? resultFor(match) : null, label, ran_at);
      if (outcome.changes.length > 0) changes.push({ game_id: id, game: outcome.name, changes: outcome.changes });
      if (outcome.flag !== null) flagged.push({ game_id: id, game: outcome.name, flag: outcome.flag });
      if (outcome.changes.length === 0 && outcome.flag === null) unchanged++;
    }

    const report: Omit<ScoreSyncReportDto, 'id'> = {
      provider: providerName,
      week_id: week.id,
      ran_at,
      changes,
      flagged,
      unmatched: unmatched.map((game): ScoreSyncUnmatchedDto => ({ external_id: game.external_id, home: game.home.name, away: game.away.name })),
      unchanged,
      results_calculated: await this.dataSource.getRepository(WeeklyResult).existsBy({ week_id: week.id }),
    };
    const id = await this.record(report, season.id, actor);
    this.logger.log(`Score sync of week ${week.number} from ${label}: ${changes.length} changed, ${flagged.length} flagged, ${unmatched.length} unmatched`);
    return { id, ...report };
  }

  /** The week asked for, else the current season's current week (422 when there is none). */
  private async weekToSync(weekId: number | undefined): Promise<{ week: Week; season: FootballSeason }> {
    const weeks = this.dataSource.getRepository(Week);
    let week: Week | null;
    if (weekId !== undefined) {
      week = await weeks.findOneBy({ id: weekId });
      if (!week) throw new UnprocessableEntityException('week_id does not match any week');
    } else {
      const current = await this.dataSource.getRepository(FootballSeason).findOneBy({ is_current: true });
      week = current ? await this.calendar.currentWeek(current.id) : null;
      if (!week) throw new UnprocessableEntityException('There is no current week to sync: name the week (week_id), or mark a season current and give it weeks.');
    }
    const season = await this.dataSource.getRepository(FootballSeason).findOneByOrFail({ id: week.football_season_id });
    return { week, season };
  }

  /**
   * One game in its own transaction, decided on the game as it is inside it (an admin's edit or another sync may
   * have come first). A write the game rules refuse becomes the game's flag instead.
   */
  private async syncGame(
    id: number,
    result: ProviderResult | null,
    label: string,
    now: Date,
  ): Promise<{ name: string; changes: ScoreSyncFieldChangeDto[]; flag: string | null }> {
    const attempt = (allowWrite: boolean, refused: string | null) =>
      this.dataSource.transaction(async (manager) => {
        const game = await this.load(manager, id);
        const decision = decide(game, result, { now, flagAfterMs: this.config.providers.scoreSyncFlagAfterMs, label, homeName: game.home_team!.name, awayName: game.away_team!.name });
        const flag = refused ?? decision.flag;
        const flagColumns = game.sync_flag === flag ? {} : { sync_flag: flag, sync_flagged_at: flag === null ? null : now };
        let changes: ScoreSyncFieldChangeDto[] = [];
        if (allowWrite && decision.write) {
          await this.games.updateWithin(manager, null, id, decision.write, flagColumns);
          const after = await this.load(manager, id);
          changes = OUTCOME_FIELDS.filter((field) => game[field] !== after[field]).map((field) => ({ field, from: game[field], to: after[field] }));
        } else if (Object.keys(flagColumns).length > 0) {
          await this.games.flagWithin(manager, id, flagColumns);
        }
        return { name: gameName(game), changes, flag };
      });
    try {
      return await attempt(true, null);
    } catch (error) {
      const refused = refusal(error);
      if (refused === null) throw error;
      return attempt(false, `The score from ${label} was not taken: ${refused}`);
    }
  }

  private async load(manager: EntityManager, id: number): Promise<Game> {
    return manager.getRepository(Game).findOneOrFail({ where: { id }, relations: { home_team: true, away_team: true } });
  }

  /** The sync's provider_imports row (kind scores), its summary the report. */
  private async record(report: Omit<ScoreSyncReportDto, 'id'>, seasonId: number, actor: User | null): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const imports = manager.getRepository(ProviderImport);
      const { identifiers } = await imports.insert({
        kind: 'scores',
        provider: report.provider,
        status: 'applied',
        football_season_id: seasonId,
        week_id: report.week_id,
        created_by: actor?.id ?? null,
        applied_at: report.ran_at,
        payload: null,
      });
      const id = identifiers[0].id as number;
      await imports.update(id, { summary: JSON.stringify({ id, ...report }) });
      return id;
    });
  }
}
