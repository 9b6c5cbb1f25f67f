import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One throttle counter (failed logins of an account, requests from an address …), kept in the database so every
 * app instance shares it and a restart does not clear it. Read and written by ThrottleStore only.
 */
@Entity('throttles')
export class Throttle {
  /** What is counted, such as "login-account:ann@example.com" or "reset-ip:203.0.113.9". */
  @PrimaryColumn({ type: 'varchar', length: 191 })
  key!: string;

  @Column({ type: 'int' })
  points!: number;

  /** When the counter (and any block) ends, in ms since the epoch; null for never. */
  @Column({ type: 'bigint', nullable: true })
  expires_at!: string | null;
}
