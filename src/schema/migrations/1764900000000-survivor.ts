import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { bool, createdAt, fk, id, index, int, updatedAt, varchar } from './schema-helpers';

/**
 * Survivor beside the pick'em (docs/pool-formats.md#survivor): a season's contest and its rules, its entrants, their
 * picks (whose unique keys hold "one pick per entrant and week" and "a team once per reuse period"), the audit of
 * admins' changes to them, and the computed weeks. A season may also run without its pick'em.
 */
export class Survivor1764900000000 implements MigrationInterface {
  name = 'Survivor1764900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('football_seasons', new TableColumn(bool('pickem', { default: 1 })));
    const create = (table: Table) => queryRunner.createTable(table, false, true, true);
    await create(
      new Table({
        name: 'survivor_contests',
        columns: [
          id(),
          int('football_season_id'),
          int('first_week_id'),
          varchar('name', 100, { default: "'Survivor'" }),
          varchar('pick_mode', 16, { default: "'winner'" }),
          varchar('reuse', 16, { default: "'never'" }),
          int('lives', { default: 1 }),
          varchar('ties', 16, { default: "'win'" }),
          varchar('missed', 16, { default: "'loss'" }),
          varchar('all_lose', 16, { default: "'stay_alive'" }),
          int('entry_fee_cents', { default: 0 }),
          varchar('payout_percentages', 255, { default: "''" }),
          createdAt(queryRunner),
          updatedAt(queryRunner),
        ],
        indices: [index(['football_season_id'], true)],
        foreignKeys: [fk('football_season_id', 'football_seasons'), fk('first_week_id', 'weeks')],
      }),
    );
    await create(
      new Table({
        name: 'survivor_entries',
        columns: [
          id(),
          int('survivor_contest_id'),
          int('user_id'),
          { name: 'entered_at', type: 'datetime' },
          int('entered_by_id', { isNullable: true }),
          { name: 'paid_at', type: 'datetime', isNullable: true },
          int('paid_marked_by_id', { isNullable: true }),
        ],
        indices: [index(['survivor_contest_id', 'user_id'], true), index(['user_id'])],
        foreignKeys: [
          fk('survivor_contest_id', 'survivor_contests', 'CASCADE'),
          fk('user_id', 'users', 'CASCADE'),
          fk('entered_by_id', 'users', 'SET NULL'),
          fk('paid_marked_by_id', 'users', 'SET NULL'),
        ],
      }),
    );
    await create(
      new Table({
        name: 'survivor_picks',
        columns: [
          id(),
          int('survivor_contest_id'),
          int('user_id'),
          int('week_id'),
          int('game_id'),
          int('team_id'),
          int('reuse_period', { default: 0 }),
          bool('assigned', { default: 0 }),
          createdAt(queryRunner),
          updatedAt(queryRunner),
        ],
        indices: [
          index(['survivor_contest_id', 'user_id', 'week_id'], true),
          index(['survivor_contest_id', 'user_id', 'team_id', 'reuse_period'], true),
          index(['survivor_contest_id', 'week_id']),
          index(['user_id']),
          index(['game_id']),
          index(['week_id']),
          index(['team_id']),
        ],
        foreignKeys: [
          fk('survivor_contest_id', 'survivor_contests', 'CASCADE'),
          fk('user_id', 'users', 'CASCADE'),
          fk('week_id', 'weeks'),
          fk('game_id', 'games'),
          fk('team_id', 'teams'),
        ],
      }),
    );
    await create(
      new Table({
        name: 'survivor_pick_audits',
        columns: [
          id(),
          int('survivor_contest_id'),
          int('survivor_pick_id', { isNullable: true }),
          int('user_id'),
          int('week_id'),
          int('admin_id', { isNullable: true }),
          varchar('action', 16),
          { name: 'previous_value', type: 'text', isNullable: true },
          { name: 'new_value', type: 'text', isNullable: true },
          varchar('reason', 500, { isNullable: true }),
          createdAt(queryRunner),
        ],
        indices: [index(['survivor_contest_id']), index(['user_id'])],
        foreignKeys: [fk('user_id', 'users', 'CASCADE'), fk('admin_id', 'users', 'SET NULL')],
      }),
    );
    await create(
      new Table({
        name: 'survivor_results',
        columns: [
          id(),
          int('survivor_contest_id'),
          int('user_id'),
          int('week_id'),
          int('week_number'),
          int('team_id', { isNullable: true }),
          varchar('outcome', 16),
          int('lives_lost'),
          int('lives_left'),
          bool('alive'),
          int('weeks_survived'),
          bool('all_lost', { default: 0 }),
          { name: 'calculated_at', type: 'datetime' },
        ],
        indices: [index(['survivor_contest_id', 'user_id', 'week_id'], true), index(['survivor_contest_id', 'week_number']), index(['user_id'])],
        foreignKeys: [fk('survivor_contest_id', 'survivor_contests', 'CASCADE'), fk('user_id', 'users', 'CASCADE'), fk('week_id', 'weeks', 'CASCADE')],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['survivor_results', 'survivor_pick_audits', 'survivor_picks', 'survivor_entries', 'survivor_contests']) {
      await queryRunner.dropTable(table, true, true, true);
    }
    await queryRunner.dropColumn('football_seasons', 'pickem');
  }
}
