import { ConflictException, GoneException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { containsIgnoringCase } from '../common/text-match';
import { AppConfig } from '../config/app-config';
import { hashToken, newToken } from '../common/tokens';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { MailService } from '../mail/mail.service';
import type { NotificationDelivery } from '../mail/entities/notification-delivery.entity';
import type { OutgoingMail } from '../mail/outgoing-mail';
import { SecurityLogService } from '../security/security-log.service';
import { User } from '../users/entities/user.entity';
import { SKIP_REASONS, SkippedInvitationDto, SkipReason } from './dto/bulk-invitation.dto';
import { InvitationFilterDto } from './dto/invitation-filter.dto';
import { effectiveStatus } from './dto/invitation-response.dto';
import { Invitation } from './entities/invitation.entity';

export const INVITATION_KIND = 'invitation';
/** Invitations written by one INSERT (their e-mails and log entries likewise): well within the databases' parameter limits. */
const ISSUE_CHUNK = 100;

/** What registration (and the link's lookup) says about a link that cannot be used. */
export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not valid',
  used: 'This invitation has already been used',
  withdrawn: 'This invitation has been withdrawn',
  expired: 'This invitation has expired. Ask for a new one.',
  otherEmail: 'This invitation was issued for a different e-mail address',
} as const;

/** Why an invitation's link can no longer be used, or null while it can. */
function unusable(invitation: Invitation): string | null {
  const status = effectiveStatus(invitation);
  if (status === 'accepted') return INVITATION_MESSAGES.used;
  if (status === 'revoked') return INVITATION_MESSAGES.withdrawn;
  if (status === 'expired') return INVITATION_MESSAGES.expired;
  return null;
}

/** An address as invitations and accounts store it (as IsNormalizedEmail does), or null when it is none. */
function normalizedEmail(given: string): string | null {
  const email = given.trim().toLowerCase();
  return email.length <= 255 && isEmail(email) ? email : null;
}

@Injectable()
export class InvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(Invitation) private readonly invitations: Repository<Invitation>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mail: MailService,
    private readonly outbox: MailOutboxService,
    private readonly config: AppConfig,
    private readonly securityLog: SecurityLogService,
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
  async create(admin: User, email: string, ip: string | null = null): Promise<Invitation> {
    if (await this.users.existsBy({ email })) {
      throw new ConflictException(`${email} already has an account`);
    }
    const pending = await this.invitations.findBy({ email, status: 'pending' });
    if (pending.some((invitation) => effectiveStatus(invitation) === 'pending')) {
      throw new ConflictException(`${email} already has a pending invitation`);
    }
    const [id] = await this.dataSource.transaction((manager) => this.issue(manager, admin, [email], ip));
    return this.findById(id);
  }

  /**
   * New pending invitations with their e-mails queued and their log entries, inside the caller's transaction; answers
   * their ids in the order given. Written ISSUE_CHUNK rows to a statement: a pool of 2,000 is a few dozen statements,
   * not thousands, so the transaction (on SQLite, the write gate) is held briefly.
   */
  private async issue(manager: EntityManager, admin: User, emails: string[], ip: string | null): Promise<number[]> {
    const expires_at = this.expiry();
    const ids: number[] = [];
    for (let start = 0; start < emails.length; start += ISSUE_CHUNK) {
      const issued = emails.slice(start, start + ISSUE_CHUNK).map((email) => ({ email, ...newToken() }));
      const rows = issued.map(({ email, hash }) => ({ email, token_hash: hash, status: 'pending' as const, expires_at, invited_by_id: admin.id }));
      await manager.createQueryBuilder().insert().into(Invitation).values(rows).updateEntity(false).execute();
      const saved = await manager.find(Invitation, { select: { id: true, token_hash: true }, where: { token_hash: In(issued.map(({ hash }) => hash)) } });
      const idOf = new Map(saved.map((invitation) => [invitation.token_hash, invitation.id]));
      const made = issued.map((invitation) => ({ ...invitation, id: idOf.get(invitation.hash)! }));
      await this.outbox.enqueue(manager, ...made.map(({ id, email, token }) => this.invitationEmail(id, email, token, expires_at)));
      const entries = made.map(({ id, email }) => ({ actor_id: admin.id, email, ip, details: `Invitation ${id} sent` }));
      await this.securityLog.recordAll('invitation_created', entries, manager);
      ids.push(...made.map(({ id }) => id));
    }
    return ids;
  }

  /**
   * Invites every valid, new address of a list in one transaction (each with its e-mail queued); the others are
   * reported with the reason, in the order given.
   */
  async bulk(admin: User, given: string[], ip: string | null = null): Promise<{ invitations: Invitation[]; skipped: SkippedInvitationDto[] }> {
    const skipped: (SkippedInvitationDto & { index: number })[] = [];
    /** Each valid address by its normalised form, with the place it was first given. */
    const listed = new Map<string, number>();
    given.forEach((entry, index) => {
      const email = normalizedEmail(entry);
      if (email === null) skipped.push({ index, email: entry, reason: SKIP_REASONS.invalid });
      else if (listed.has(email)) skipped.push({ index, email: entry, reason: SKIP_REASONS.duplicate });
      else listed.set(email, index);
    });
    const emails = [...listed.keys()];
    const ids = await this.dataSource.transaction(async (manager) => {
      const accounts = emails.length ? await manager.find(User, { where: { email: In(emails) }, select: { id: true, email: true } }) : [];
      const invited = emails.length ? await manager.find(Invitation, { where: { email: In(emails), status: 'pending' } }) : [];
      const taken = new Map<string, SkipReason>([
        ...invited.filter((invitation) => effectiveStatus(invitation) === 'pending').map((invitation) => [invitation.email, SKIP_REASONS.pending] as const),
        ...accounts.map((user) => [user.email, SKIP_REASONS.account] as const),
      ]);
      for (const [email, reason] of taken) {
        const index = listed.get(email)!;
        skipped.push({ index, email: given[index], reason });
      }
      return this.issue(manager, admin, emails.filter((email) => !taken.has(email)), ip);
    });
    const invitations = ids.length ? await this.invitations.find({ where: { id: In(ids) }, relations: { invited_by: true }, order: { id: 'ASC' } }) : [];
    return { invitations, skipped: skipped.sort((a, b) => a.index - b.index).map(({ email, reason }) => ({ email, reason })) };
  }

  /** The e-mail address a registration link was issued for: 404 for an unknown link, 410 for one that can no longer be used. */
  async emailForToken(token: string): Promise<string> {
    const invitation = await this.invitations.findOneBy({ token_hash: hashToken(token) });
    if (!invitation) throw new NotFoundException(INVITATION_MESSAGES.invalid);
    const reason = unusable(invitation);
    if (reason) throw new GoneException(reason);
    return invitation.email;
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
      await this.outbox.enqueue(manager, this.invitationEmail(id, invitation.email, token, expires_at));
    });
    return this.findById(id);
  }

  /** Revokes a pending invitation; its link stops working. Accepted invitations stay as the record of who joined. */
  async revoke(id: number, admin: User | null = null, ip: string | null = null): Promise<void> {
    const invitation = await this.findById(id);
    if (invitation.status === 'accepted') {
      throw new UnprocessableEntityException('An accepted invitation cannot be deleted');
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Invitation, id, { status: 'revoked' });
      const details = `Invitation ${id} withdrawn (it was ${effectiveStatus(invitation)})`;
      await this.securityLog.record('invitation_deleted', { actor_id: admin?.id ?? null, email: invitation.email, ip, details }, manager);
    });
  }

  /**
   * Inside the registration transaction: checks the token belongs to a pending, unexpired invitation issued for
   * this e-mail, and marks it accepted. The conditional update makes a second use of the same link fail.
   */
  async accept(manager: EntityManager, token: string, email: string): Promise<void> {
    const invitation = await this.verify(token, email, manager);
    const result = await manager.update(Invitation, { id: invitation.id, status: 'pending' }, { status: 'accepted', accepted_at: new Date() });
    if (!result.affected) throw new UnprocessableEntityException(INVITATION_MESSAGES.used);
  }

  /** The pending invitation a registration link stands for, or the reason it cannot be used (422). */
  async verify(token: string, email: string, manager: EntityManager = this.invitations.manager): Promise<Invitation> {
    const invitation = await manager.findOneBy(Invitation, { token_hash: hashToken(token) });
    if (!invitation) throw new UnprocessableEntityException(INVITATION_MESSAGES.invalid);
    const reason = unusable(invitation);
    if (reason) throw new UnprocessableEntityException(reason);
    if (invitation.email !== email) throw new UnprocessableEntityException(INVITATION_MESSAGES.otherEmail);
    return invitation;
  }

  private expiry(): Date {
    return new Date(Date.now() + this.config.invitationTtlSeconds * 1000);
  }

  /** The e-mail with the registration link, queued in the transaction that issues the link. */
  private invitationEmail(invitationId: number, email: string, token: string, expiresAt: Date): OutgoingMail {
    return {
      kind: INVITATION_KIND,
      invitation_id: invitationId,
      email,
      subject: "You're invited",
      template: 'invitation',
      oneTimeLink: true,
      context: {
        email,
        link: `${this.config.appUrl}/register?invitation_token=${encodeURIComponent(token)}`,
        expiresAt: this.mail.formatDateTime(expiresAt),
      },
    };
  }
}
