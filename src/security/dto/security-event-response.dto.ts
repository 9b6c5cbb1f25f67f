import { ApiProperty } from '@nestjs/swagger';
import type { SecurityEvent, SecurityEventType } from '../entities/security-event.entity';

/** One entry of the security log as admins see it. */
export class SecurityEventResponseDto {
  id!: number;
  /** What happened. */
  type!: SecurityEventType;
  /** The account the event is about, when there is one (it may have been deleted since). */
  @ApiProperty({ description: 'The account the event is about; null when none (the account may have been deleted since).' })
  user_id!: number | null;
  /** The signed-in account that caused it, when that was someone else (an admin). */
  @ApiProperty({ description: 'The signed-in account that caused the event when that was someone else (an admin); null otherwise.' })
  actor_id!: number | null;
  /** The e-mail address involved (the one tried at login, the invited one …). */
  email!: string | null;
  /** The client's address. */
  ip!: string | null;
  /** What changed, in plain words; never a password, token or link. */
  @ApiProperty({ description: 'What changed, in plain words; never a password, token or link.' })
  details!: string | null;
  created_at!: Date;

  static from(event: SecurityEvent): SecurityEventResponseDto {
    return {
      id: event.id,
      type: event.type,
      user_id: event.user_id,
      actor_id: event.actor_id,
      email: event.email,
      ip: event.ip,
      details: event.details,
      created_at: event.created_at,
    };
  }
}
