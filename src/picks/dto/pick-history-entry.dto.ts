import type { PickAudit } from '../entities/pick-audit.entity';
import type { PickAuditAction, PickValue } from '../pick-rules';

/** One admin change of a pick (GET /picks/{id}/history). */
export class PickHistoryEntryDto {
  id!: number;
  action!: PickAuditAction;
  /** Null once the admin's account is deleted. */
  admin!: { id: number; name: string } | null;
  previous_value!: PickValue | null;
  new_value!: PickValue | null;
  reason!: string | null;
  created_at!: Date;

  /** Needs the audit loaded with its admin. */
  static from(audit: PickAudit): PickHistoryEntryDto {
    return {
      id: audit.id,
      action: audit.action as PickAuditAction,
      admin: audit.admin ? { id: audit.admin.id, name: audit.admin.name } : null,
      previous_value: audit.previous_value === null ? null : (JSON.parse(audit.previous_value) as PickValue),
      new_value: audit.new_value === null ? null : (JSON.parse(audit.new_value) as PickValue),
      reason: audit.reason,
      created_at: audit.created_at,
    };
  }
}
