import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { Clock } from '../common/clock';
import { countOf } from '../common/count-of';
import { retryOnConflict } from '../database/retry-on-conflict';
import type { Principal } from '../common/principal';
import type { ListPage, ListParams } from '../common/list/list-query';
import { PlayersReader, Player } from '../picks/players.reader';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { SEASON_NOT_FOUND } from '../seasons/season-messages';
import { rulesOf } from '../seasons/season-rules';
import { SecurityLogService } from '../security/security-log.service';
import { EntryPaymentDto, EntryPaymentFilterDto, MarkPaidDto, MarkPaidResultDto, PotDto } from './dto/entry-payments.dto';
import { EntryPayment } from './entities/entry-payment.entity';
import { computePot, Ranked } from './payouts';

const SORTABLE = new Set(['name', 'email', 'paid', 'paid_at', 'user_id', 'id']);

/**
 * Entry fees and payouts (docs/pool-formats.md#entry-fees-and-payouts): who paid, marked by an admin and logged, and
 * the pot with who won what, computed by the pure functions of payouts.ts from the stored results.
 */
@Injectable()
export class PayoutsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly players: PlayersReader,
    private readonly securityLog: SecurityLogService,
    private readonly clock: Clock,
  ) {}

  /** The season's members (its players), each with their paid status; by name unless sorted otherwise. */
  async list(list: ListParams<EntryPaymentFilterDto>): Promise<ListPage<EntryPaymentDto>> {
    const season = await this.seasonOf(list.filter.football_season_id);
    const members = await this.players.of(rulesOf(season));
    const payments = await this.paymentsOf(season.id);
    const markers = await this.namesOf([...new Set([...payments.values()].map((payment) => payment.marked_by_id).filter((id): id is number => id !== null))]);
    let rows = members.map((member): EntryPaymentDto => {
      const payment = payments.get(member.id);
      return {
        id: member.id,
        football_season_id: season.id,
        user_id: member.id,
        name: member.name,
        email: member.email,
        paid: payment !== undefined,
        paid_at: payment ? payment.paid_at.toISOString() : null,
        marked_by: payment?.marked_by_id ? (markers.get(payment.marked_by_id) ?? null) : null,
      };
    });
    if (list.ids) rows = rows.filter((row) => list.ids!.includes(row.id));
    if (list.sort && SORTABLE.has(list.sort.field)) {
      const field = list.sort.field as keyof EntryPaymentDto;
      const direction = list.sort.order === 'DESC' ? -1 : 1;
      const key = (row: EntryPaymentDto) => row[field] ?? '';
      rows.sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : a.id - b.id));
    }
    const skip = list.skip ?? 0;
    return { items: rows.slice(skip, list.take === undefined ? undefined : skip + list.take), total: rows.length };
  }

  /**
   * Marks members paid or unpaid in one transaction; each change goes to the security log. Members already as asked
   * are left as they are (their paid_at is kept). Every id must be a member of the season (422 otherwise).
   */
  async mark(seasonId: number, dto: MarkPaidDto, admin: Principal, ip: string | null): Promise<MarkPaidResultDto> {
    const season = await this.seasonOf(seasonId);
    const members = new Map((await this.players.of(rulesOf(season))).map((member) => [member.id, member]));
    const ids = [...new Set(dto.user_ids)];
    const strangers = ids.filter((id) => !members.has(id));
    if (strangers.length > 0) {
      throw new UnprocessableEntityException(`${countOf(strangers.length, 'user')} ${strangers.length === 1 ? 'is' : 'are'} not a member of ${season.name}: ${strangers.join(', ')}`);
    }
    // Two admins marking the same member at once: the loser's run finds the winner's row and leaves it.
    const changed = await retryOnConflict(() => this.dataSource.transaction(async (manager) => {
      const paid = await this.paymentsOf(season.id, manager, ids);
      const changing = ids.filter((id) => paid.has(id) !== dto.paid);
      if (changing.length === 0) return 0;
      if (dto.paid) {
        const now = this.clock.now();
        await manager.insert(EntryPayment, changing.map((user_id) => ({ football_season_id: season.id, user_id, paid_at: now, marked_by_id: admin.id })));
      } else {
        await manager.delete(EntryPayment, { football_season_id: season.id, user_id: In(changing) });
      }
      const entries = changing.map((user_id) => ({
        user_id,
        actor_id: admin.id,
        email: members.get(user_id)!.email,
        ip,
        details: `Entry for ${season.name} (${season.id}) marked ${dto.paid ? 'paid' : 'unpaid'}`,
      }));
      await this.securityLog.recordAll(dto.paid ? 'entry_paid' : 'entry_unpaid', entries, manager);
      return changing.length;
    }));
    const paidCount = [...(await this.paymentsOf(season.id)).keys()].filter((id) => members.has(id)).length;
    return { changed, paid_count: paidCount, member_count: members.size };
  }

  /** The season's pot, payouts and winnings, and whether the reader paid. */
  async pot(seasonId: number, reader: Principal): Promise<PotDto> {
    const season = await this.seasonOf(seasonId);
    const members = await this.players.of(rulesOf(season));
    const memberIds = new Set(members.map((member) => member.id));
    const payments = await this.paymentsOf(season.id);
    const paid = new Set([...payments.keys()].filter((id) => memberIds.has(id)));
    const [weekCount, weeklyResults, standings] = await Promise.all([this.weekCountOf(season.id), this.weeklyResultsOf(season.id), this.standingsOf(season.id)]);
    const pot = computePot({
      settings: season,
      paid,
      week_count: weekCount,
      weekly_results: weeklyResults,
      standings,
    });
    const names = new Map(members.map((member: Player) => [member.id, member.name]));
    return {
      season_id: season.id,
      entry_fee_cents: season.entry_fee_cents,
      weekly_winner_cents: season.weekly_winner_cents,
      member_count: members.length,
      paid_count: paid.size,
      pot_cents: pot.pot_cents,
      payouts: pot.payouts,
      me: { paid: payments.has(reader.id) },
      winnings: pot.winnings.map(({ user_id, season_cents, weekly_cents, total_cents }) => ({ user_id, name: names.get(user_id) ?? '', season_cents, weekly_cents, total_cents })),
    };
  }

  private async seasonOf(id: number): Promise<FootballSeason> {
    const season = await this.dataSource.manager.findOneBy(FootballSeason, { id });
    if (!season) throw new NotFoundException(SEASON_NOT_FOUND);
    return season;
  }

  /** The season's payments by member, of these members only when given. */
  private async paymentsOf(seasonId: number, manager: EntityManager = this.dataSource.manager, userIds?: number[]): Promise<Map<number, EntryPayment>> {
    const rows = await manager.find(EntryPayment, { where: { football_season_id: seasonId, ...(userIds ? { user_id: In(userIds) } : {}) } });
    return new Map(rows.map((row) => [row.user_id, row]));
  }

  private async namesOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; name: string }[] = await this.dataSource.query(`SELECT id, name FROM users WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
    return new Map(rows.map((row) => [Number(row.id), row.name]));
  }

  private async weekCountOf(seasonId: number): Promise<number> {
    const [{ count }] = await this.dataSource.query('SELECT COUNT(*) AS count FROM weeks WHERE football_season_id = ?', [seasonId]);
    return Number(count);
  }

  /** The calculated weeks' ranked results, one list per week (in week order). */
  private async weeklyResultsOf(seasonId: number): Promise<Ranked[][]> {
    const rows: { week_id: number; user_id: number; rank: number }[] = await this.dataSource.query(
      `SELECT wr.week_id, wr.user_id, wr.\`rank\` FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id
       WHERE w.football_season_id = ? AND wr.\`rank\` IS NOT NULL ORDER BY w.number, wr.week_id`,
      [seasonId],
    );
    const weeks = new Map<number, Ranked[]>();
    for (const row of rows) {
      const week = weeks.get(Number(row.week_id)) ?? [];
      week.push({ user_id: Number(row.user_id), rank: Number(row.rank) });
      weeks.set(Number(row.week_id), week);
    }
    return [...weeks.values()];
  }

  private async standingsOf(seasonId: number): Promise<Ranked[]> {
    const rows: { user_id: number; rank: number }[] = await this.dataSource.query('SELECT user_id, `rank` FROM season_standings WHERE football_season_id = ?', [seasonId]);
    return rows.map((row) => ({ user_id: Number(row.user_id), rank: Number(row.rank) }));
  }
}
