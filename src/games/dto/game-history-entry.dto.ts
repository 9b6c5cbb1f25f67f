import { ApiProperty } from '@nestjs/swagger';
import type { GameStatus } from '../entities/game.entity';
import type { GameAudit, GameAuditAction } from '../entities/game-audit.entity';
import { NamedRefDto } from '../../common/dto/refs.dto';

/** A game's outcome at one moment, as its history shows it. */
export class GameOutcomeDto {
  status!: GameStatus;
  winner_team_id!: number | null;
  home_score!: number | null;
  away_score!: number | null;
  forfeit!: boolean;
  forfeit_reason!: string | null;
  /** On picks_locked and picks_reopened entries only: the game's lock before and after. */
  @ApiProperty({ description: 'On picks_locked and picks_reopened entries only: the game\'s lock before and after.' })
  picks_locked_at?: string | null;
}

/** One change of a game's outcome, or of the lock on its revealed picks (GET /games/{id}/history). */
export class GameHistoryEntryDto {
  id!: number;
  /**
   * create (a game created with its outcome) or update; picks_locked when an admin moved the kickoff of a game whose
   * picks were revealed, picks_reopened when an admin reopened them; score_sync when the score sync wrote a provider's
   * score (no admin).
   */
  @ApiProperty({
    description: 'create or update; picks_locked when an admin moved the kickoff of a game whose picks were revealed, picks_reopened when an admin reopened them; score_sync when the score sync wrote a provider\'s score.',
  })
  action!: GameAuditAction;
  /** The admin who made the change; null for the score sync, and once the admin's account is deleted. */
  @ApiProperty({ description: 'The admin who made the change; null for the score sync, or once the admin\'s account is deleted.' })
  admin!: NamedRefDto | null;
  /** Who made the change, in words: the admin's name, "Score sync", or "Deleted admin". */
  @ApiProperty({ description: 'Who made the change, in words: the admin\'s name, "Score sync", or "Deleted admin".' })
  by!: string;
  /** Null on create. */
  @ApiProperty({ description: 'Null on create.' })
  previous_value!: GameOutcomeDto | null;
  new_value!: GameOutcomeDto;
  created_at!: Date;

  /** Needs the audit loaded with its admin. */
  static from(audit: GameAudit): GameHistoryEntryDto {
    return {
      id: audit.id,
      action: audit.action as GameAuditAction,
      admin: audit.admin ? { id: audit.admin.id, name: audit.admin.name } : null,
      by: audit.action === 'score_sync' ? 'Score sync' : (audit.admin?.name ?? 'Deleted admin'),
      previous_value: audit.previous_value === null ? null : (JSON.parse(audit.previous_value) as GameOutcomeDto),
      new_value: JSON.parse(audit.new_value) as GameOutcomeDto,
      created_at: audit.created_at,
    };
  }
}
