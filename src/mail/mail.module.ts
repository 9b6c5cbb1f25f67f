import { MailerModule, MailerOptions } from '@nestjs-modules/mailer';
import { HandlebarsAdapter } from '@nestjs-modules/mailer/adapters/handlebars.adapter';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { TEMPLATE_DIR } from './mail.constants';
import { NotificationDelivery } from './entities/notification-delivery.entity';
import { MailOutboxService } from './mail-outbox.service';
import { MailSenderService } from './mail-sender.service';
import { MailService } from './mail.service';
import { MessageSeal } from './message-seal';
import { OutboxCommitSubscriber } from './outbox-commit.subscriber';

@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([NotificationDelivery]),
    MailerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig): MailerOptions => ({
        // Without SMTP_URL, messages are rendered to .eml files in DATA_DIR/outbox (see MailService).
        // Timeouts keep a slow or silent mail server from holding a send (and its claim) for long.
        transport: config.smtpUrl
          ? { url: config.smtpUrl, connectionTimeout: config.mailTimeoutMs, greetingTimeout: config.mailTimeoutMs, socketTimeout: config.mailTimeoutMs }
          : { streamTransport: true, buffer: true, newline: 'unix' },
        defaults: { from: config.mailFrom } as MailerOptions['defaults'],
        // CSS is inlined into each element (mail apps drop <style>); the media queries stay in a <style> of their own, so
        // the phone layout (templates/partials/layout.hbs) applies where a mail app reads them.
        template: { dir: TEMPLATE_DIR, adapter: new HandlebarsAdapter(undefined, { inlineCssEnabled: true, inlineCssOptions: { keepAtRules: true } }), options: { strict: true } },
        options: { partials: { dir: join(TEMPLATE_DIR, 'partials'), options: { strict: true } } },
      }),
    }),
  ],
  providers: [MailService, MailSenderService, MailOutboxService, MessageSeal, OutboxCommitSubscriber],
  exports: [MailService, MailOutboxService],
})
export class MailModule {}
