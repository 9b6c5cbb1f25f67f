import { ApiProperty } from '@nestjs/swagger';
import type { PickAudit } from '../entities/pick-audit.entity';
import type { PickAuditAction, PickValue } from '../pick-rules';
import { NamedRefDto } from '../../common/dto/refs.dto';

/** A pick's values before or after a change. */
export class PickValueDto implements PickValue {
  selected_winner!: string;
  is_correct!: boolean | null;
  tiebreaker_home_score!: number | null;
  tiebreaker_away_score!: number | null;
  confidence!: number | null;
  is_lock!: boolean;
}

/** A stored audit value; those written before pool formats carry no confidence or lock. */
const valueOf = (json: string | null): PickValueDto | null => (json === null ? null : { confidence: null, is_lock: false, ...(JSON.parse(json) as Partial<PickValue>) } as PickValue);

/** One admin change of a pick (GET /picks/{id}/history). */
export class PickHistoryEntryDto {
  id!: number;
  action!: PickAuditAction;
  /** Null once the admin's account is deleted. */
  @ApiProperty({ description: 'The admin who made the change; null once the admin\'s account is deleted.' })
  admin!: NamedRefDto | null;
  previous_value!: PickValueDto | null;
  new_value!: PickValueDto | null;
  reason!: string | null;
  created_at!: Date;

  /** Needs the audit loaded with its admin. */
  static from(audit: PickAudit): PickHistoryEntryDto {
    return {
      id: audit.id,
      action: audit.action as PickAuditAction,
      admin: audit.admin ? { id: audit.admin.id, name: audit.admin.name } : null,
      previous_value: valueOf(audit.previous_value),
      new_value: valueOf(audit.new_value),
      reason: audit.reason,
      created_at: audit.created_at,
    };
  }
}
