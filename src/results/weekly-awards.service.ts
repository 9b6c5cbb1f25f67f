import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ContrarianCandidate, mostContrarian, sharePercent } from './awards';
import type { AwardMemberDto, WeeklyAwardsDto } from './dto/weekly-awards.dto';

type Row = Record<string, unknown>;

const member = (row: Row): AwardMemberDto => ({ id: Number(row.id), name: String(row.name) });

/**
 * Weekly awards (docs/saturday.md#weekly-awards), derived from the stored results: weekly_results for the perfect
 * week and the tiebreaker, the picks' is_correct (written by the same calculation) for the contrarian pick. Nothing
 * is stored, so the awards can never disagree with the results they come from; before the week is calculated there
 * are none. Every query is set-wise and answers only the few rows the awards name.
 */
@Injectable()
export class WeeklyAwardsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async forWeek(weekId: number): Promise<WeeklyAwardsDto> {
    const [week]: Row[] = await this.dataSource.query(
      `SELECT w.id, w.number,
        (SELECT COUNT(*) FROM weekly_results r WHERE r.week_id = w.id) AS results,
        (SELECT MIN(r.tiebreaker_score) FROM weekly_results r WHERE r.week_id = w.id) AS best_tiebreaker
       FROM weeks w WHERE w.id = ?`,
      [weekId],
    );
    if (!week) throw new NotFoundException('Week not found');
    const answer: WeeklyAwardsDto = {
      week: { id: Number(week.id), number: Number(week.number) },
      calculated: Number(week.results) > 0,
      perfect_week: [],
      contrarian: null,
      closest_tiebreaker: null,
    };
    if (!answer.calculated) return answer;

    const best = week.best_tiebreaker === null ? null : Number(week.best_tiebreaker);
    const [honoured, contrarian] = await Promise.all([this.honoured(weekId, best), this.contrarian(weekId)]);
    answer.perfect_week = honoured.filter((row) => Number(row.perfect) === 1).map(member);
    if (best !== null) answer.closest_tiebreaker = { members: honoured.filter((row) => Number(row.closest) === 1).map(member), tiebreaker_score: best };
    answer.contrarian = contrarian;
    return answer;
  }

  /**
   * The members with a perfect week or the closest tiebreaker. Perfect means every counted game won: under a
   * half-win push rule a push is half a point but not a win, so it spoils a perfect week.
   */
  private honoured(weekId: number, best: number | null): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT u.id, u.name,
        CASE WHEN r.total_games > 0 AND r.wins = r.total_games THEN 1 ELSE 0 END AS perfect,
        CASE WHEN r.tiebreaker_score = ? THEN 1 ELSE 0 END AS closest
       FROM weekly_results r JOIN users u ON u.id = r.user_id
       WHERE r.week_id = ? AND ((r.total_games > 0 AND r.wins = r.total_games) OR r.tiebreaker_score = ?)
       ORDER BY u.name, u.id`,
      [best, weekId, best],
    );
  }

  /** Each game's correct side with its pickers and the game's, in game order; then the pickers of the most contrarian. */
  private async contrarian(weekId: number): Promise<WeeklyAwardsDto['contrarian']> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT g.id AS game_id, p.selected_team_id AS team_id, ta.name AS away_name, th.name AS home_name, ts.name AS team_name,
        COUNT(*) AS pickers, (SELECT COUNT(*) FROM picks a WHERE a.game_id = g.id) AS picked
       FROM picks p
       JOIN games g ON g.id = p.game_id
       JOIN teams th ON th.id = g.home_team_id
       JOIN teams ta ON ta.id = g.away_team_id
       JOIN teams ts ON ts.id = p.selected_team_id
       WHERE p.week_id = ? AND p.is_correct = 1
       GROUP BY g.id, g.game_date, p.selected_team_id, ta.name, th.name, ts.name
       ORDER BY g.game_date, g.id`,
      [weekId],
    );
    const candidates: ContrarianCandidate[] = rows.map((row) => ({
      game_id: Number(row.game_id),
      team_id: Number(row.team_id),
      matchup: `${String(row.away_name)} @ ${String(row.home_name)}`,
      team_name: String(row.team_name),
      pickers: Number(row.pickers),
      picked: Number(row.picked),
    }));
    const chosen = mostContrarian(candidates);
    if (!chosen) return null;
    const pickers: Row[] = await this.dataSource.query(
      `SELECT u.id, u.name FROM picks p JOIN users u ON u.id = p.user_id
       WHERE p.game_id = ? AND p.selected_team_id = ? AND p.is_correct = 1 ORDER BY u.name, u.id`,
      [chosen.game_id, chosen.team_id],
    );
    return {
      game_id: chosen.game_id,
      matchup: chosen.matchup,
      team_name: chosen.team_name,
      pickers: pickers.map(member),
      share: sharePercent(chosen.pickers, chosen.picked),
    };
  }
}
