import { MailerModule, MailerOptions } from '@nestjs-modules/mailer';
import { HandlebarsAdapter } from '@nestjs-modules/mailer/adapters/handlebars.adapter';
import { Global, Module } from '@nestjs/common';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { TEMPLATE_DIR } from './mail.constants';
import { MailService } from './mail.service';

@Global()
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig): MailerOptions => ({
        // Without SMTP_URL, messages are rendered to .eml files in DATA_DIR/outbox (see MailService).
        transport: config.smtpUrl ?? { streamTransport: true, buffer: true, newline: 'unix' },
        defaults: { from: config.mailFrom } as MailerOptions['defaults'],
        template: { dir: TEMPLATE_DIR, adapter: new HandlebarsAdapter(), options: { strict: true } },
        options: { partials: { dir: join(TEMPLATE_DIR, 'partials'), options: { strict: true } } },
      }),
    }),
  ],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
