import { ApiProperty } from '@nestjs/swagger';
import type { DeliveryStatus, NotificationDelivery } from '../../mail/entities/notification-delivery.entity';
import type { Invitation, InvitationStatus } from '../entities/invitation.entity';
import { NamedRefDto } from '../../common/dto/refs.dto';

/** An invitation as admins see it; the token only ever travels in the e-mail. */
export class InvitationResponseDto {
  id!: number;
  email!: string;
  status!: InvitationStatus;
  expires_at!: Date;
  accepted_at!: Date | null;
  invited_by!: NamedRefDto | null;
  created_at!: Date;
  /** Where its latest e-mail is: queued, sending, sent or failed (after every attempt; resend it). */
  @ApiProperty({ description: 'Where the latest e-mail is: queued, sending, sent, or failed (after every attempt; resend it).' })
  email_status!: DeliveryStatus | null;
  /** Why the latest e-mail failed, as the mail server said it. */
  @ApiProperty({ description: 'Why the latest e-mail failed, as the mail server said it; null unless it failed.' })
  email_error!: string | null;

  static from(invitation: Invitation, email: Pick<NotificationDelivery, 'status' | 'error'> | undefined, now = new Date()): InvitationResponseDto {
    return {
      id: invitation.id,
      email: invitation.email,
      status: effectiveStatus(invitation, now),
      expires_at: invitation.expires_at,
      accepted_at: invitation.accepted_at,
      invited_by: invitation.invited_by ? { id: invitation.invited_by.id, name: invitation.invited_by.name } : null,
      created_at: invitation.created_at,
      email_status: email?.status ?? null,
      email_error: email && email.status !== 'sent' ? email.error : null,
    };
  }
}

/** A pending invitation past its expiry is expired. */
export function effectiveStatus(invitation: Invitation, now = new Date()): InvitationStatus {
  return invitation.status === 'pending' && invitation.expires_at.getTime() <= now.getTime() ? 'expired' : invitation.status;
}
