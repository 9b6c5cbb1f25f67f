import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

export const IMPORT_KINDS = ['week', 'scores', 'calendar'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATUSES = ['preview', 'applied', 'superseded', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * One import from a data provider (docs/imports.md): a week's games previewed and then applied, a score sync, or a
 * season's weeks from the provider's calendar. The payload is what was fetched (so what is applied is exactly what
 * the admin reviewed); the summary is what it changed.
 */
@Entity('provider_imports')
@Index(['week_id'])
@Index(['kind', 'created_at'])
export class ProviderImport {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 16 })
  kind!: ImportKind;

  /** A ProviderName. */
  @Column({ type: 'varchar', length: 16 })
  provider!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: ImportStatus;

  @Column({ type: 'int', nullable: true })
  football_season_id!: number | null;

  @Column({ type: 'int', nullable: true })
  week_id!: number | null;

  /** The admin who asked for it; null for the scheduled score sync. */
  @Column({ type: 'int', nullable: true })
  created_by!: number | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: User | null;

  @CreateDateColumn()
  created_at!: Date;

  @Column({ type: 'datetime', nullable: true })
  applied_at!: Date | null;

  /** gzip + base64 of the fetched data as JSON (so a TEXT column holds any week). */
  @Column({ type: 'text', nullable: true })
  payload!: string | null;

  /** JSON of what the import or sync changed. */
  @Column({ type: 'text', nullable: true })
  summary!: string | null;
}
