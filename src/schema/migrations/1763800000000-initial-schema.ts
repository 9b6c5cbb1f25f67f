import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bool, createdAt, decimal, fk, id, index, int, updatedAt, varchar } from './schema-helpers';

/** The whole data model of the pool: accounts, invitations, reference data, the contest and its results. */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const create = (table: ConstructorParameters<typeof Table>[0]) => queryRunner.createTable(new Table(table), false, true, true);

    await create({
      name: 'conferences',
      columns: [id(), varchar('name', 100)],
      indices: [index(['name'], true)],
    });
    await create({
      name: 'teams',
      columns: [
        id(),
        varchar('name', 100),
        varchar('mascot', 100, { isNullable: true }),
        varchar('city', 100),
        varchar('state', 50),
        int('conference_id'),
        int('wins', { default: 0 }),
        int('losses', { default: 0 }),
        varchar('nickname', 100, { isNullable: true }),
        varchar('webpage_url', 255),
      ],
      indices: [index(['name'], true), index(['conference_id'])],
      foreignKeys: [fk('conference_id', 'conferences')],
    });
    await create({
      name: 'users',
      columns: [
        id(),
        varchar('email', 255),
        varchar('name', 255),
        varchar('first_name', 100, { isNullable: true }),
        varchar('last_name', 100, { isNullable: true }),
        { name: 'date_of_birth', type: 'date', isNullable: true },
        varchar('phone', 40, { isNullable: true }),
        int('favorite_team_id', { isNullable: true }),
        varchar('role', 16, { default: "'user'" }),
        int('wins', { default: 0 }),
        int('losses', { default: 0 }),
        varchar('password_hash', 255),
        int('token_version', { default: 0 }),
        createdAt(queryRunner),
        updatedAt(queryRunner),
      ],
      indices: [index(['email'], true)],
      foreignKeys: [fk('favorite_team_id', 'teams', 'SET NULL')],
    });
    await create({
      name: 'invitations',
      columns: [
        id(),
        varchar('email', 255),
        varchar('token_hash', 64),
        varchar('status', 16, { default: "'pending'" }),
        { name: 'expires_at', type: 'datetime' },
        int('invited_by_id', { isNullable: true }),
        { name: 'accepted_at', type: 'datetime', isNullable: true },
        createdAt(queryRunner),
      ],
      indices: [index(['token_hash'], true), index(['email'])],
      foreignKeys: [fk('invited_by_id', 'users', 'SET NULL')],
    });
    await create({
      name: 'password_resets',
      columns: [
        id(),
        int('user_id'),
        varchar('token_hash', 64),
        { name: 'expires_at', type: 'datetime' },
        { name: 'used_at', type: 'datetime', isNullable: true },
        createdAt(queryRunner),
      ],
      indices: [index(['token_hash'], true), index(['user_id'])],
      foreignKeys: [fk('user_id', 'users', 'CASCADE')],
    });
    await create({
      name: 'football_seasons',
      columns: [
        id(),
        varchar('name', 50),
        int('year'),
        { name: 'start_date', type: 'date' },
        { name: 'end_date', type: 'date' },
        bool('is_current', { default: 0 }),
      ],
      indices: [index(['name'], true)],
    });
    await create({
      name: 'weeks',
      columns: [
        id(),
        int('football_season_id'),
        int('number'),
        { name: 'start_date', type: 'date' },
        { name: 'end_date', type: 'date' },
        bool('is_current', { default: 0 }),
      ],
      indices: [index(['football_season_id', 'number'], true)],
      foreignKeys: [fk('football_season_id', 'football_seasons')],
    });
    await create({
      name: 'games',
      columns: [
        id(),
        int('week_id'),
        varchar('name', 255, { isNullable: true }),
        int('home_team_id'),
        int('away_team_id'),
        int('winner_team_id', { isNullable: true }),
        { name: 'game_date', type: 'datetime' },
        varchar('status', 16, { default: "'scheduled'" }),
        int('home_score', { isNullable: true }),
        int('away_score', { isNullable: true }),
        decimal('betting_line', 4, 1, { isNullable: true }),
        varchar('betting_line_team', 8, { isNullable: true }),
        bool('is_tiebreaker', { default: 0 }),
        int('home_team_ranking', { isNullable: true }),
        int('away_team_ranking', { isNullable: true }),
        createdAt(queryRunner),
        updatedAt(queryRunner),
      ],
      indices: [index(['week_id', 'game_date']), index(['home_team_id']), index(['away_team_id']), index(['winner_team_id'])],
      foreignKeys: [fk('week_id', 'weeks'), fk('home_team_id', 'teams'), fk('away_team_id', 'teams'), fk('winner_team_id', 'teams')],
    });
    await create({
      name: 'picks',
      columns: [
        id(),
        int('user_id'),
        int('game_id'),
        int('week_id'),
        int('selected_team_id'),
        bool('is_correct', { isNullable: true }),
        int('tiebreaker_home_score', { isNullable: true }),
        int('tiebreaker_away_score', { isNullable: true }),
        createdAt(queryRunner),
        updatedAt(queryRunner),
      ],
      indices: [
        index(['user_id', 'game_id'], true),
        index(['user_id', 'week_id']),
        index(['game_id']),
        index(['week_id']),
        index(['selected_team_id']),
      ],
      foreignKeys: [fk('user_id', 'users', 'CASCADE'), fk('game_id', 'games'), fk('week_id', 'weeks'), fk('selected_team_id', 'teams')],
    });
    await create({
      name: 'pick_audits',
      columns: [
        id(),
        int('pick_id', { isNullable: true }),
        int('user_id'),
        int('game_id'),
        int('admin_id', { isNullable: true }),
        varchar('action', 16),
        { name: 'previous_value', type: 'text', isNullable: true },
        { name: 'new_value', type: 'text', isNullable: true },
        varchar('reason', 500, { isNullable: true }),
        createdAt(queryRunner),
      ],
      indices: [index(['pick_id']), index(['user_id'])],
      foreignKeys: [fk('user_id', 'users', 'CASCADE'), fk('admin_id', 'users', 'SET NULL')],
    });
    await create({
      name: 'weekly_results',
      columns: [
        id(),
        int('week_id'),
        int('user_id'),
        int('wins', { default: 0 }),
        int('losses', { default: 0 }),
        int('total_games', { default: 0 }),
        decimal('win_percentage', 5, 1, { default: 0 }),
        int('tiebreaker_score', { isNullable: true }),
        int('rank', { isNullable: true }),
        { name: 'calculated_at', type: 'datetime' },
      ],
      indices: [index(['week_id', 'user_id'], true), index(['user_id'])],
      foreignKeys: [fk('week_id', 'weeks'), fk('user_id', 'users', 'CASCADE')],
    });
    await create({
      name: 'season_standings',
      columns: [
        id(),
        int('football_season_id'),
        int('user_id'),
        int('rank'),
        int('total_wins', { default: 0 }),
        int('total_losses', { default: 0 }),
        int('total_games', { default: 0 }),
        decimal('win_percentage', 5, 1, { default: 0 }),
        int('weeks_participated', { default: 0 }),
        int('total_tiebreaker_score', { default: 0 }),
        decimal('avg_tiebreaker_score', 6, 1, { isNullable: true }),
        { name: 'calculated_at', type: 'datetime' },
      ],
      indices: [index(['football_season_id', 'user_id'], true), index(['user_id'])],
      foreignKeys: [fk('football_season_id', 'football_seasons'), fk('user_id', 'users', 'CASCADE')],
    });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'season_standings',
      'weekly_results',
      'pick_audits',
      'picks',
      'games',
      'weeks',
      'football_seasons',
      'password_resets',
      'invitations',
      'users',
      'teams',
      'conferences',
    ]) {
      await queryRunner.dropTable(table, true, true, true);
    }
  }
}
