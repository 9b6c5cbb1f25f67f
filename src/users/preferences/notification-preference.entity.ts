import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.decorator';
import { User } from '../entities/user.entity';
import type { NotificationKind } from './notification-kinds';

/**
 * A member's choice for one kind of notification, kept only once they changed something: a channel left NULL
 * follows its default (channelDefault), so a new default reaches every member who never chose.
 */
@Entity('notification_preferences')
@Index(['user_id', 'kind'], { unique: true })
export class NotificationPreference {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 32 })
  kind!: NotificationKind;

  @BooleanColumn({ nullable: true })
  email!: boolean | null;

  @BooleanColumn({ nullable: true })
  push!: boolean | null;
}
