import { MailerService } from '@nestjs-modules/mailer';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import Handlebars from 'handlebars';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { maskEmail } from '../common/redact';
import { AppConfig } from '../config/app-config';
import { kindOfEmail } from '../users/preferences/notification-kinds';
import { ONE_CLICK_KINDS, UnsubscribeLinks } from '../users/preferences/unsubscribe-links';
import { TEMPLATE_DIR } from './mail.constants';

export interface MailMessage {
  to: string;
  subject: string;
  /** A template pair in mail/templates: NAME.hbs (HTML) and NAME.text.hbs (plain text). */
  template: string;
  context: Record<string, unknown>;
  /** The outbox kind (OutgoingMail.kind) and the member it goes to: they decide the footer and unsubscribe headers. */
  kind?: string;
  userId?: number | null;
}

/** The member's notification choices on the profile page, linked from every e-mail a member can turn off. */
export const MANAGE_EMAILS_PATH = '/profile#notifications';
/** RFC 8058: the body a mail client POSTs to the List-Unsubscribe link. */
const ONE_CLICK = 'List-Unsubscribe=One-Click';

/** A nodemailer JSON transport: renders an e-mail exactly as it would be sent, and delivers nothing. */
const PREVIEW_TRANSPORT = 'preview';

/** Sends every e-mail of the pool; each one carries APP_NAME and has an HTML and a plain-text part. */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger(MailService.name);
  private readonly textTemplates = new Map<string, Handlebars.TemplateDelegate>();
  private readonly unsubscribeLinks: UnsubscribeLinks;

  constructor(
    private readonly mailer: MailerService,
    private readonly config: AppConfig,
  ) {
    this.unsubscribeLinks = new UnsubscribeLinks(config.jwtSecret, config.appUrl);
    this.dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: config.tzDisplay });
  }

  onModuleInit(): void {
    this.mailer.addTransporter(PREVIEW_TRANSPORT, { jsonTransport: true });
  }

  async send(message: MailMessage): Promise<void> {
    const mail = this.compose(message);
    const info = await this.mailer.sendMail(mail);
    if (!this.config.smtpUrl) this.writeToOutbox(message, info.message as Buffer);
  }

  /** The e-mail as a member would receive it (same templates, layout and CSS inlining), sent nowhere. */
  async preview(message: Omit<MailMessage, 'to'>): Promise<{ subject: string; html: string }> {
    const mail = this.compose({ ...message, to: 'preview@localhost' });
    const info = await this.mailer.sendMail({ ...mail, transporterName: PREVIEW_TRANSPORT });
    const rendered = JSON.parse(String(info.message)) as { html?: string };
    return { subject: mail.subject, html: rendered.html ?? '' };
  }

  /**
   * The mailer's message: the subject with APP_NAME, the shared context, and the plain-text part. An e-mail a member
   * can turn off (notification preferences) links to their choices (`manageUrl`); the weekly e-mail, reminders and
   * the picks sheet also carry a signed one-click unsubscribe (RFC 8058: `List-Unsubscribe` with the https link and
   * `List-Unsubscribe-Post`), shown in the footer too (`unsubscribeUrl`). Both are null in other e-mails.
   */
  private compose(message: MailMessage) {
    const preference = message.kind ? kindOfEmail(message.kind) : null;
    const unsubscribeUrl =
      preference && ONE_CLICK_KINDS.has(preference) && message.userId ? this.unsubscribeLinks.url({ userId: message.userId, kind: preference }) : null;
    const context = {
      appName: this.config.appName,
      appUrl: this.config.appUrl,
      manageUrl: preference ? `${this.config.appUrl}${MANAGE_EMAILS_PATH}` : null,
      unsubscribeUrl,
      ...message.context,
    };
    return {
      to: message.to,
      subject: `${message.subject} - ${this.config.appName}`,
      template: message.template,
      context,
      text: this.text(message.template)(context),
      ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl }, headers: { 'List-Unsubscribe-Post': ONE_CLICK } } : {}),
    };
  }

  /**
   * The pool's date format, made once: building an Intl.DateTimeFormat costs far more than formatting with it, and a
   * pasted list of invitations or a weekly e-mail formats thousands of dates inside its transaction.
   */
  private readonly dateTimeFormat: Intl.DateTimeFormat;

  /** Formats an instant for e-mails in the pool's time zone (TZ_DISPLAY). */
  formatDateTime(date: Date): string {
    return `${this.dateTimeFormat.format(date)} (${this.config.tzDisplay})`;
  }

  private text(template: string): Handlebars.TemplateDelegate {
    let compiled = this.textTemplates.get(template);
    if (!compiled) {
      const source = readFileSync(join(TEMPLATE_DIR, `${template}.text.hbs`), 'utf8');
      compiled = Handlebars.compile(source, { strict: true, noEscape: true });
      this.textTemplates.set(template, compiled);
    }
    return compiled;
  }

  /**
   * Without SMTP_URL an e-mail is an .eml file only its owner can read: the links in it carry tokens, so they are
   * never logged (a developer opens the file); the log names the file and a shortened recipient.
   */
  private writeToOutbox(message: MailMessage, raw: Buffer): void {
    const outbox = join(this.config.dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(outbox, `${stamp}-${message.template}-${randomBytes(3).toString('hex')}.eml`);
    writeFileSync(file, raw, { mode: 0o600 });
    this.logger.log(`No SMTP_URL set: e-mail to ${maskEmail(message.to)} written to ${shownPath(file)}`);
  }
}

/** data/outbox/… when the file lies under the working directory (the usual development setup), else the full path. */
function shownPath(file: string): string {
  const path = relative(process.cwd(), file);
  return path.startsWith('..') || isAbsolute(path) ? file : path;
}
