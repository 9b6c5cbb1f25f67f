import { MailerService } from '@nestjs-modules/mailer';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import type { EmailContent } from './notification-emails';

const PREVIEW_TRANSPORT = 'preview';

/**
 * Renders an e-mail exactly as the mailer would send it (same templates, layout and CSS inlining), through a
 * nodemailer JSON transport that delivers nothing.
 */
@Injectable()
export class MailPreview implements OnModuleInit {
  constructor(
    private readonly mailer: MailerService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.mailer.addTransporter(PREVIEW_TRANSPORT, { jsonTransport: true });
  }

  async render(content: EmailContent): Promise<{ subject: string; html: string }> {
    const subject = `${content.subject} - ${this.config.appName}`;
    const info = await this.mailer.sendMail({
      transporterName: PREVIEW_TRANSPORT,
      to: 'preview@localhost',
      subject,
      template: content.template,
      context: { appName: this.config.appName, appUrl: this.config.appUrl, ...content.context },
    });
    const rendered = JSON.parse(String(info.message)) as { html?: string };
    return { subject, html: rendered.html ?? '' };
  }
}
