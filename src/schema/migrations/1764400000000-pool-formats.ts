import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { bool, decimal, index, int, varchar } from './schema-helpers';

/**
 * Pool formats (docs/pool-formats.md): each season's rules, with the spec's rules as every default; a pick's
 * confidence points and lock; the points and pushes of weekly results and standings (points = wins until now).
 */
export class PoolFormats1764400000000 implements MigrationInterface {
  name = 'PoolFormats1764400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('football_seasons', [
      new TableColumn(varchar('pick_mode', 8, { default: "'winner'" })),
      new TableColumn(varchar('push_rule', 8, { default: "'loss'" })),
      new TableColumn(bool('half_point_lines', { default: 0 })),
      new TableColumn(bool('confidence_points', { default: 0 })),
      new TableColumn(bool('lock_of_week', { default: 0 })),
      new TableColumn(int('drop_worst_weeks', { default: 0 })),
      new TableColumn(varchar('missed_weeks', 8, { default: "'loss'" })),
      new TableColumn(varchar('weekly_ties', 12, { default: "'tiebreaker'" })),
      new TableColumn(int('games_per_week', { isNullable: true, default: 10 })),
      new TableColumn(bool('commissioner_plays', { default: 0 })),
    ]);
    await queryRunner.addColumns('picks', [new TableColumn(int('confidence', { isNullable: true })), new TableColumn(bool('is_lock', { default: 0 }))]);
    await queryRunner.createIndex('picks', new TableIndex(index(['user_id', 'week_id', 'confidence'], true)));
    await queryRunner.addColumns('weekly_results', [
      new TableColumn(int('pushes', { default: 0 })),
      new TableColumn(decimal('points', 8, 1, { default: 0 })),
    ]);
    await queryRunner.addColumns('season_standings', [
      new TableColumn(int('total_pushes', { default: 0 })),
      new TableColumn(decimal('total_points', 9, 1, { default: 0 })),
      new TableColumn(int('weeks_dropped', { default: 0 })),
    ]);
    await queryRunner.query('UPDATE weekly_results SET points = wins');
    await queryRunner.query('UPDATE season_standings SET total_points = total_wins');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['weeks_dropped', 'total_points', 'total_pushes']) await queryRunner.dropColumn('season_standings', column);
    for (const column of ['points', 'pushes']) await queryRunner.dropColumn('weekly_results', column);
    const found = (await queryRunner.getTable('picks'))!.indices.find((candidate) => candidate.columnNames.join() === 'user_id,week_id,confidence');
    if (found) await queryRunner.dropIndex('picks', found);
    for (const column of ['is_lock', 'confidence']) await queryRunner.dropColumn('picks', column);
    for (const column of ['commissioner_plays', 'games_per_week', 'weekly_ties', 'missed_weeks', 'drop_worst_weeks', 'lock_of_week', 'confidence_points', 'half_point_lines', 'push_rule', 'pick_mode']) {
      await queryRunner.dropColumn('football_seasons', column);
    }
  }
}
