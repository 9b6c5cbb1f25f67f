import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { createdAt, fk, id, index, int, varchar } from './schema-helpers';

/** Web Push (docs/push.md): the members' subscribed devices, and the push outbox and delivery log. */
export class Push1764600001000 implements MigrationInterface {
  name = 'Push1764600001000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'push_subscriptions',
        columns: [
          id(),
          int('user_id'),
          varchar('endpoint', 1000),
          varchar('endpoint_hash', 64),
          varchar('p256dh', 100),
          varchar('auth', 32),
          varchar('user_agent', 255, { isNullable: true }),
          { name: 'expires_at', type: 'datetime', isNullable: true },
          createdAt(queryRunner),
          { name: 'last_success_at', type: 'datetime', isNullable: true },
        ],
        indices: [index(['endpoint_hash'], true), index(['user_id'])],
        foreignKeys: [fk('user_id', 'users', 'CASCADE')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'push_deliveries',
        columns: [
          id(),
          int('user_id'),
          int('subscription_id', { isNullable: true }),
          int('week_id', { isNullable: true }),
          varchar('kind', 32),
          int('round', { default: 0 }),
          { name: 'payload', type: 'text' },
          int('ttl'),
          varchar('urgency', 10),
          { name: 'expires_at', type: 'datetime', isNullable: true },
          varchar('status', 16),
          int('attempts', { default: 0 }),
          { name: 'next_attempt_at', type: 'datetime', isNullable: true },
          varchar('claimed_by', 100, { isNullable: true }),
          int('response_status', { isNullable: true }),
          varchar('error', 500, { isNullable: true }),
          createdAt(queryRunner),
          { name: 'last_attempt_at', type: 'datetime', isNullable: true },
          { name: 'sent_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          index(['user_id', 'kind', 'week_id', 'round', 'subscription_id'], true),
          index(['status', 'next_attempt_at']),
          index(['claimed_by']),
          index(['subscription_id']),
          index(['week_id']),
        ],
        foreignKeys: [fk('user_id', 'users', 'CASCADE'), fk('subscription_id', 'push_subscriptions', 'SET NULL'), fk('week_id', 'weeks', 'CASCADE')],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('push_deliveries', true, true, true);
    await queryRunner.dropTable('push_subscriptions', true, true, true);
  }
}
