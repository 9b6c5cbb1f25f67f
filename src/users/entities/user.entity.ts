import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Role } from '../../common/principal';
import { Team } from '../../teams/entities/team.entity';

@Entity('users')
@Index(['email'], { unique: true })
export class User {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Always stored trimmed and lower-case, so uniqueness is case-insensitive on every database. */
  @Column({ type: 'varchar', length: 255 })
  email!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  first_name!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  last_name!: string | null;

  @Column({ type: 'date', nullable: true })
  date_of_birth!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ type: 'int', nullable: true })
  favorite_team_id!: number | null;

  @ManyToOne(() => Team, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'favorite_team_id' })
  favorite_team?: Team | null;

  @Column({ type: 'varchar', length: 16, default: 'user' })
  role!: Role;

  @Column({ type: 'int', default: 0 })
  wins!: number;

  @Column({ type: 'int', default: 0 })
  losses!: number;

  @Column({ type: 'varchar', length: 255 })
  password_hash!: string;

  /** Carried in every session token; bumping it ends every session issued before. */
  @Column({ type: 'int', default: 0 })
  token_version!: number;

  /** The deadline calendar's feed version (docs/saturday.md#deadline-calendar): rotating the feed's URL bumps it. */
  @Column({ type: 'int', default: 0 })
  calendar_feed_version!: number;

  /** One calendar event per game deadline (`games`) or per week's first deadline (`weeks`). */
  @Column({ type: 'varchar', length: 8, default: 'games' })
  calendar_feed_mode!: 'games' | 'weeks';

  @CreateDateColumn()
  created_at!: Date;

  @UpdateDateColumn()
  updated_at!: Date;
}
