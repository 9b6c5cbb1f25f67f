import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { containsIgnoringCase } from '../common/text-match';
import { AppConfig } from '../config/app-config';
import { hashToken, newToken } from '../common/tokens';
import { MailOutbox } from '../mail/mail-outbox.service';
import { MailService } from '../mail/mail.service';
import type { NotificationDelivery } from '../notifications/entities/notification-delivery.entity';
import { User } from '../users/entities/user.entity';
import { InvitationFilterDto } from './dto/invitation-filter.dto';
import { effectiveStatus } from './dto/invitation-response.dto';
import { Invitation } from './entities/invitation.entity';

export const INVITATION_KIND = 'invitation';

@Injectable()
export class InvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Invitation) private readonly invitations: Repository<Invitation>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mail: MailService,
    private readonly outbox: MailOutbox,
    private readonly config: AppConfig,
  ) {}

  /** The latest e-mail of each invitation, for its e-mail status. */
  emailsOf(invitations: Invitation[]): Promise<Map<number, NotificationDelivery>> {
    return this.outbox.latestForInvitations(invitations.map((invitation) => invitation.id));
  }

  async findAll(list: ListParams<InvitationFilterDto>): Promise<ListPage<Invitation>> {
    const [items, total] = await this.invitations.findAndCount({
      where: { ...(list.filter.q ? { email: containsIgnoringCase(list.filter.q) } : {}), ...(list.ids ? { id: In(list.ids) } : {}) },
      relations: { invited_by: true },
      order: orderOf(list, ['email', 'status', 'expires_at', 'created_at'], { created_at: 'DESC', id: 'DESC' }),
      skip: list.skip,
      take: list.take,
    });
    return { items, total };
  }

  async findById(id: number): Promise<Invitation> {
    const invitation = await this.invitations.findOne({ where: { id }, relations: { invited_by: true } });
    if (!invitation) throw new NotFoundException('Invitation not found');
    return invitation;
  }

  /** Invites an e-mail that has neither an account nor a pending invitation, and e-mails the registration link. */
  async create(admin: User, email: string): Promise<Invitation> {
    if (await this.users.existsBy({ email })) {
      throw new ConflictException(`${email} already has an account`);
    }
    const pending = await this.invitations.findBy({ email, status: 'pending' });
    if (pending.some((invitation) => effectiveStatus(invitation) === 'pending')) {
      throw new ConflictException(`${email} already has a pending invitation`);
    }
    const { token, hash } = newToken();
    const expires_at = this.expiry();
    const id = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(Invitation, { email, token_hash: hash, status: 'pending', expires_at, invited_by_id: admin.id }),
      );
      await this.queueEmail(manager, saved.id, email, token, expires_at);
      return saved.id;
    });
    return this.findById(id);
  }

  /** Sends a pending or expired invitation again with a new link and a new expiry; the old link stops working. */
  async resend(id: number): Promise<Invitation> {
    const invitation = await this.findById(id);
    if (invitation.status !== 'pending') {
      throw new UnprocessableEntityException(`Only a pending or expired invitation can be resent (this one is ${invitation.status})`);
    }
    const { token, hash } = newToken();
    const expires_at = this.expiry();
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Invitation, id, { token_hash: hash, expires_at });
      await this.queueEmail(manager, id, invitation.email, token, expires_at);
    });
    return this.findById(id);
  }

  /** Revokes a pending invitation; its link stops working. Accepted invitations stay as the record of who joined. */
  async revoke(id: number): Promise<void> {
    const invitation = await this.findById(id);
    if (invitation.status === 'accepted') {
      throw new UnprocessableEntityException('An accepted invitation cannot be deleted');
    }
    await this.invitations.update(id, { status: 'revoked' });
  }

  /**
   * Inside the registration transaction: checks the token belongs to a pending, unexpired invitation issued for
   * this e-mail, and marks it accepted. The conditional update makes a second use of the same link fail.
   */
  async accept(manager: EntityManager, token: string, email: string): Promise<void> {
    const invitation = await this.verify(token, email, manager);
    const result = await manager.update(Invitation, { id: invitation.id, status: 'pending' }, { status: 'accepted', accepted_at: new Date() });
    if (!result.affected) throw new UnprocessableEntityException('This invitation has already been used');
  }

  /** The pending invitation a registration link stands for, or the reason it cannot be used (422). */
  async verify(token: string, email: string, manager: EntityManager = this.invitations.manager): Promise<Invitation> {
    const invitation = await manager.findOneBy(Invitation, { token_hash: hashToken(token) });
    if (!invitation) throw new UnprocessableEntityException('This invitation link is not valid');
    const status = effectiveStatus(invitation);
    if (status === 'accepted') throw new UnprocessableEntityException('This invitation has already been used');
    if (status === 'revoked') throw new UnprocessableEntityException('This invitation has been withdrawn');
    if (status === 'expired') throw new UnprocessableEntityException('This invitation has expired. Ask for a new one.');
    if (invitation.email !== email) {
      throw new UnprocessableEntityException('This invitation was issued for a different e-mail address');
    }
    return invitation;
  }

  private expiry(): Date {
    return new Date(Date.now() + this.config.invitationTtlSeconds * 1000);
  }

  /** Queues the e-mail with the registration link, in the transaction that issues the link. */
  private queueEmail(manager: EntityManager, invitationId: number, email: string, token: string, expiresAt: Date): Promise<void> {
    return this.outbox.enqueue(manager, {
      kind: INVITATION_KIND,
      invitation_id: invitationId,
      email,
      subject: "You're invited",
      template: 'invitation',
      context: {
        email,
        link: `${this.config.appUrl}/register?invitation_token=${encodeURIComponent(token)}`,
        expiresAt: this.mail.formatDateTime(expiresAt),
      },
    });
  }
}
