import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import type { Principal } from '../common/principal';
import { Game } from '../games/entities/game.entity';
import { isLocked } from '../games/pick-window';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { NO_CURRENT_SEASON } from '../seasons/season-messages';
import { computePot } from '../payouts/payouts';
import { SurvivorBoardDto, SurvivorPotDto, SurvivorTeamUsedDto, SurvivorViewDto } from './dto/member-survivor.dto';
import { SurvivorContest } from './entities/survivor-contest.entity';
import { SurvivorEntry } from './entities/survivor-entry.entity';
import { SurvivorPick } from './entities/survivor-pick.entity';
import { SurvivorResult } from './entities/survivor-result.entity';
import { ownPick } from './survivor-picks.service';
import { SurvivorStandings, SurvivorStandingsReader } from './survivor-standings.reader';
import { contestFields, SurvivorStore } from './survivor.store';

/**
 * The survivor contest as members read it (docs/pool-formats.md#survivor#routes): their own view of the season's
 * contest, and the board, where another entrant's team shows only once its game's pick window has closed.
 */
@Injectable()
export class SurvivorBoardService {
  constructor(
    private readonly store: SurvivorStore,
    private readonly standings: SurvivorStandingsReader,
  ) {}

  private get manager(): EntityManager {
    return this.store.dataSource.manager;
  }

  /** GET /api/survivor: the season's contest (the current season's by default) as the member sees it. */
  async view(viewer: Principal, seasonId?: number): Promise<SurvivorViewDto> {
    const season = seasonId === undefined ? await this.manager.findOneBy(FootballSeason, { is_current: true }) : await this.store.seasonOrFail(seasonId);
    if (!season) throw new NotFoundException(NO_CURRENT_SEASON);
    const contest = await this.store.contestOfSeason(season.id);
    if (!contest) return { contest: null };
    return this.viewOf(contest.id, viewer);
  }

  /** The member's view of one contest. */
  async viewOf(contestId: number, viewer: Principal): Promise<SurvivorViewDto> {
    const contest = await this.store.contestOrFail(contestId);
    const state = await this.store.stateOf(contest);
    const standings = await this.standings.standings(state.contest.id, { history: false });
    const week = await this.store.pickWeek(state);
    const mine = standings.entrants.find((standing) => standing.user_id === viewer.id);
    const pick = await this.manager.findOne(SurvivorPick, { where: { survivor_contest_id: contest.id, user_id: viewer.id, week_id: week.id }, relations: { team: true } });
    return {
      contest: {
        ...contestFields(contest, state),
        entry_open: !state.rulesLocked,
        entry_closes_at: state.entryClosesAt?.toISOString() ?? null,
        finished: standings.finished,
      },
      me: {
        entered: mine !== undefined,
        alive: mine?.alive ?? false,
        lives_left: mine?.lives_left ?? 0,
        weeks_survived: mine?.weeks_survived ?? 0,
        rank: mine?.rank ?? null,
      },
      week: { id: week.id, week_number: week.number },
      pick: pick ? ownPick(pick, week.number, pick.team!.name) : null,
    };
  }

  /** GET /api/survivor/{contest_id}/board: the standings, the week's picks as far as they are revealed, and the teams picked. */
  async board(contestId: number, viewer: Principal, weekId?: number): Promise<SurvivorBoardDto> {
    const contest = await this.store.contestOrFail(contestId);
    const state = await this.store.stateOf(contest);
    const week = weekId === undefined ? await this.store.pickWeek(state) : state.contestWeeks.find((one) => one.id === weekId);
    if (!week) throw new UnprocessableEntityException('week_id must be a week of this survivor contest');
    const standings = await this.standings.standings(state.contest.id, { history: false });
    const picks = await this.manager.find(SurvivorPick, { where: { survivor_contest_id: contest.id }, relations: { team: true, week: true } });
    const games = await this.gamesOf(picks);
    const now = this.store.now();
    const revealed = (pick: SurvivorPick) => pick.user_id === viewer.id || isLocked(games.get(pick.game_id)!, now);
    const results = await this.manager.find(SurvivorResult, { where: { survivor_contest_id: contest.id } });
    const outcomes = new Map(results.map((row) => [`${row.user_id}:${row.week_id}`, row.outcome]));
    const weekPicks = picks.filter((pick) => pick.week_id === week.id);
    const shares = new Map<number, { team_id: number; team_name: string; count: number }>();
    for (const pick of weekPicks.filter(revealed)) {
      const share = shares.get(pick.team_id) ?? { team_id: pick.team_id, team_name: pick.team!.name, count: 0 };
      share.count += 1;
      shares.set(pick.team_id, share);
    }
    const revealedCount = [...shares.values()].reduce((sum, share) => sum + share.count, 0);
    return {
      survivor_contest_id: contest.id,
      entrant_count: standings.entrants.length,
      alive_count: standings.alive_count,
      finished: standings.finished,
      winners: standings.winners.map((winner) => winner.name),
      week: { id: week.id, week_number: week.number },
      entrants: standings.entrants.map((standing) => {
        const own = picks.filter((pick) => pick.user_id === standing.user_id);
        const thisWeek = own.find((pick) => pick.week_id === week.id);
        const teams_used: SurvivorTeamUsedDto[] = own
          .filter(revealed)
          .sort((a, b) => a.week!.number - b.week!.number)
          .map((pick) => ({ week_number: pick.week!.number, team_name: pick.team!.name, outcome: outcomes.get(`${pick.user_id}:${pick.week_id}`) ?? null }));
        return {
          user_id: standing.user_id,
          name: standing.name,
          rank: standing.rank,
          alive: standing.alive,
          lives_left: standing.lives_left,
          weeks_survived: standing.weeks_survived,
          teams_used,
          pick: thisWeek && revealed(thisWeek) ? thisWeek.team!.name : null,
          has_picked: thisWeek !== undefined,
        };
      }),
      team_shares: [...shares.values()]
        .sort((a, b) => b.count - a.count || a.team_name.localeCompare(b.team_name))
        .map((share) => ({ ...share, share: Math.round((share.count / revealedCount) * 1000) / 1000 })),
      pot: await this.pot(contest, standings),
    };
  }

  /**
   * The contest's pot with the season's arithmetic (src/payouts/payouts.ts) and no weekly prizes: the fee times the
   * entrants who paid, shared by the places in standing order among paid entrants. Those who shared the win share
   * first place; what each won is shown once the contest is finished.
   */
  private async pot(contest: SurvivorContest, standings: SurvivorStandings): Promise<SurvivorPotDto | null> {
    if (contest.entry_fee_cents === 0) return null;
    const entries = await this.manager.find(SurvivorEntry, { where: { survivor_contest_id: contest.id }, select: { user_id: true, paid_at: true } });
    const paid = new Set(entries.filter((entry) => entry.paid_at !== null).map((entry) => entry.user_id));
    const ranked = standings.entrants.map((entrant) => ({ user_id: entrant.user_id, rank: entrant.shared_win ? 1 : entrant.rank }));
    const pot = computePot({
      settings: { entry_fee_cents: contest.entry_fee_cents, weekly_winner_cents: 0, payout_percentages: contest.payout_percentages },
      paid,
      week_count: 0,
      weekly_results: [],
      standings: standings.finished ? ranked : [],
    });
    const names = new Map(standings.entrants.map((entrant) => [entrant.user_id, entrant.name]));
    return {
      entry_fee_cents: contest.entry_fee_cents,
      entrant_count: entries.length,
      paid_count: paid.size,
      pot_cents: pot.pot_cents,
      payouts: pot.payouts,
      winnings: pot.winnings.map((winning) => ({ name: names.get(winning.user_id) ?? '', amount_cents: winning.total_cents })),
    };
  }

  private async gamesOf(picks: SurvivorPick[]): Promise<Map<number, Game>> {
    const ids = [...new Set(picks.map((pick) => pick.game_id))];
    if (ids.length === 0) return new Map();
    return new Map((await this.manager.find(Game, { where: { id: In(ids) } })).map((game) => [game.id, game]));
  }
}

