import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import type { Game } from '../games/entities/game.entity';
import { MailMessage, MailService } from '../mail/mail.service';
import type { PickGridResponseDto } from '../picks/dto/pick-grid-response.dto';
import { describeRules } from '../seasons/season-rules';
import type { Week } from '../seasons/weeks/entities/week.entity';
import { GameLine, gameLines } from './game-lines';
import { LockNews, NO_LOCK_NEWS, NO_WEEKLY_NEWS, WeeklyNews } from './season-news.service';
import { aliveLine, awardLines } from './standing-lines';
import type { SurvivorSheet, SurvivorWeekly } from './survivor-lines';
import { rulesOfWeek } from './week-mail.reader';

export type EmailContent = Omit<MailMessage, 'to'>;

/** What a member is missing, as the reminder lists it. */
export interface MissingForEmail {
  memberName: string;
  missing: Game[];
  missingTiebreaker: boolean;
  /** The week's tiebreaker game (with teams), if it has one. */
  tiebreaker: Game | null;
  /** The member is a survivor entrant alive without a pick of the week (null: nothing missing there). */
  survivor?: SurvivorMissing | null;
}

/** A survivor pick still to make: the contest's name and the week's open deadlines (the first and the last). */
export interface SurvivorMissing {
  contestName: string;
  first: Date;
  last: Date;
}

/** "2 picks and your survivor pick": what a reminder says is missing (the picks, else the tiebreaker; the survivor pick). */
export function missingWhat(count: number, tiebreaker: boolean, survivor: boolean): string {
  const parts = [count > 0 ? `${count} ${count === 1 ? 'pick' : 'picks'}` : tiebreaker || !survivor ? 'your tiebreaker score' : null, survivor ? 'your survivor pick' : null];
  return parts.filter(Boolean).join(' and ');
}

const NO_PICK = '-';

/** The weekly e-mail's lines about the member (personal-lines.ts) and the games they have picked. */
export interface WeeklyPersonal {
  standing: string | null;
  picks: string | null;
  pickedGameIds: readonly number[];
}

export const NO_PERSONAL: WeeklyPersonal = { standing: null, picks: null, pickedGameIds: [] };

/** The weekly e-mail's pick'em parts, left out in a season that runs only its survivor contest. */
const WITHOUT_PICKEM = { you: null, tiebreaker: null, rulesSummary: [], lastAwards: null, seasonAlive: null };

/**
 * The e-mails of a week, as template name, subject and context: the weekly e-mail, the pick reminder and the
 * picks sheet. Times are shown in TZ_DISPLAY; every e-mail links to the dashboard.
 */
@Injectable()
export class NotificationEmails {
  constructor(
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  private get dashboard(): string {
    return `${this.config.appUrl}/dashboard`;
  }

  private shown(line: GameLine) {
    return {
      matchup: line.matchup,
      away: line.away_label,
      home: line.home_label,
      kickoff: this.mail.formatDateTime(line.game_date),
      deadline: this.mail.formatDateTime(line.pick_deadline),
      line: line.line,
      is_tiebreaker: line.is_tiebreaker,
    };
  }

  /**
   * The weekly e-mail: every game in kickoff order with rankings, line, kickoff, the tiebreaker and the deadline,
   * and the season's rules where they differ from the spec's (none for a default season); then last week's awards
   * and who is still alive for the season, when there are any. Personal: the member's place in the season
   * standings, what they still have to pick, and which games they have picked.
   */
  weekly(
    week: Week,
    games: readonly Game[],
    memberName: string,
    news: WeeklyNews = NO_WEEKLY_NEWS,
    personal: WeeklyPersonal = NO_PERSONAL,
    survivor: SurvivorWeekly | null = null,
  ): EmailContent {
    const picked = new Set(personal.pickedGameIds);
    const lines = gameLines(games);
    const tiebreaker = lines.find((line) => line.is_tiebreaker) ?? null;
    const rules = rulesOfWeek(week);
    // A season without its pick'em: the week's games and the survivor section only (docs/pool-formats.md#survivor).
    const pickem = week.football_season?.pickem !== false;
    return {
      subject: `Week ${week.number} picks are open`,
      template: 'weekly-picks',
      context: {
        pickem,
        survivor,
        headline: `Week ${week.number} picks are open`,
        memberName,
        weekNumber: week.number,
        games: lines.map((line) => ({ ...this.shown(line), picked: picked.has(line.game_id) })),
        gamesCount: lines.length,
        you: personal.standing || personal.picks ? { standing: personal.standing, picks: personal.picks } : null,
        tiebreaker: tiebreaker ? this.shown(tiebreaker) : null,
        firstDeadline: lines.length ? this.mail.formatDateTime(lines[0].pick_deadline) : null,
        rulesSummary: describeRules(rules),
        againstTheSpread: rules.pick_mode === 'spread',
        lastAwards: news.lastAwards ? { weekNumber: news.lastAwards.week.number, lines: awardLines(news.lastAwards) } : null,
        seasonAlive: news.season ? aliveLine(news.season, 'the season') : null,
        link: this.dashboard,
        ...(pickem ? {} : WITHOUT_PICKEM),
      },
    };
  }

  /**
   * The pick reminder: only what the member still has to pick, with each game's deadline, and their survivor pick
   * when that is missing too (or alone).
   */
  reminder(week: Week, entry: MissingForEmail): EmailContent {
    const missing = gameLines(entry.missing).map((line) => this.shown(line));
    const tiebreaker = entry.tiebreaker ? this.shown(gameLines([entry.tiebreaker])[0]) : null;
    const count = missing.length;
    const survivor = entry.survivor
      ? { name: entry.survivor.contestName, deadline: this.mail.formatDateTime(entry.survivor.last), link: `${this.config.appUrl}/survivor` }
      : null;
    const what = missingWhat(count, entry.missingTiebreaker, survivor !== null);
    return {
      subject: `Week ${week.number}: ${what} still to make`,
      template: 'pick-reminder',
      context: {
        headline: `Week ${week.number}: ${what} still to make`,
        memberName: entry.memberName,
        weekNumber: week.number,
        missing,
        missingCount: count,
        missingTiebreaker: entry.missingTiebreaker && tiebreaker !== null,
        tiebreaker,
        survivor,
        firstDeadline: missing.length
          ? missing[0].deadline
          : entry.missingTiebreaker && tiebreaker
            ? tiebreaker.deadline
            : entry.survivor
              ? this.mail.formatDateTime(entry.survivor.first)
              : (tiebreaker?.deadline ?? null),
        link: this.dashboard,
      },
    };
  }

  /** The picks sheet: everyone's picks of the locked week, as in the pick grid, and who can still win the week and the season. */
  picksSheet(
    week: Week,
    grid: PickGridResponseDto | null,
    memberId: number,
    memberName: string,
    news: LockNews = NO_LOCK_NEWS,
    survivor: SurvivorSheet | null = null,
  ): EmailContent {
    const sections = grid ? this.pickemSheet(week, grid, memberId, news) : { pickem: false };
    return {
      subject: `Week ${week.number} picks sheet`,
      template: 'picks-sheet',
      context: {
        headline: `Week ${week.number} picks are locked`,
        memberName,
        weekNumber: week.number,
        ...sections,
        survivor: survivor ? { ...survivor, rows: survivor.rows.map((row) => ({ ...row, isYou: row.userId === memberId })) } : null,
        link: this.dashboard,
      },
    };
  }

  /** The picks sheet's pick'em sections (absent in a season without its pick'em). */
  private pickemSheet(week: Week, grid: PickGridResponseDto, memberId: number, news: LockNews) {
    const games = grid.games.map((game) => ({
      id: game.id,
      label: `${game.away_team.name} @ ${game.home_team.name}`,
      is_tiebreaker: game.is_tiebreaker,
    }));
    const rows = grid.members.map((row) => {
      const tiebreakerCell = row.picks.find((cell) => grid.games.find((game) => game.id === cell.game_id)?.is_tiebreaker);
      const score =
        tiebreakerCell?.tiebreaker_home_score != null && tiebreakerCell.tiebreaker_away_score != null
          ? `${tiebreakerCell.tiebreaker_away_score}-${tiebreakerCell.tiebreaker_home_score}`
          : NO_PICK;
      return {
        name: row.user.name,
        isYou: row.user.id === memberId,
        picksMade: row.picks_made,
        cells: row.picks.map((cell) => cell.selected_winner ?? (cell.status === 'hidden' ? 'picked' : NO_PICK)),
        tiebreaker: score,
      };
    });
    const byGame = grid.games.map((game, column) => {
      const choices = [game.away_team.name, game.home_team.name].map((team) => ({
        team,
        names: grid.members.filter((row) => row.picks[column].selected_winner === team).map((row) => row.user.name),
      }));
      const unpicked = grid.members.filter((row) => row.picks[column].status === 'none').map((row) => row.user.name);
      return { label: games[column].label, is_tiebreaker: game.is_tiebreaker, choices, unpicked };
    });
    return {
      pickem: true,
      games,
      rows,
      byGame,
      membersCount: rows.length,
      weekAlive: news.week ? aliveLine(news.week, `week ${week.number}`) : null,
      seasonAlive: news.season ? aliveLine(news.season, 'the season') : null,
    };
  }
}
