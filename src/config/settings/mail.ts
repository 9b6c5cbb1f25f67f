import { duration, integer, matching, oneOf, text } from './parsers';
import { settingGroup } from './setting';

/** Outgoing mail and the outbox that sends it. */
export const MAIL_SETTINGS = settingGroup(
  { title: 'Mail', intro: 'Every e-mail is queued in the database with the change that causes it and sent in the background.' },
  {
    SMTP_URL: {
      description: 'outgoing mail: `smtp://user:password@host:587` (`smtps://` for TLS on connect; `?ignoreTLS=true` for plain loopback servers). Unset, every e-mail is written as an `.eml` file to `DATA_DIR/outbox` (the log names the file, never its links). Required when `NODE_ENV=production`, unless `MAIL_OUTBOX=file`',
      parse: matching(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:password@host:587'),
      defaultText: '(unset: outbox)',
      secret: true,
    },
    MAIL_OUTBOX: {
      description: '`file`: in production, write every e-mail to `DATA_DIR/outbox` instead of sending it (the files hold invitation and reset links; the log never does). Not together with `SMTP_URL`',
      parse: oneOf(['file'], 'MAIL_OUTBOX must be file (or unset)'),
    },
    MAIL_FROM: {
      description: 'sender of every e-mail',
      parse: text(3),
      defaultText: '`"APP_NAME" <no-reply@localhost>`',
    },
    MAIL_CONCURRENCY: {
      description: 'e-mails each app instance sends at the same time (1–50)',
      parse: integer(1, 50),
      default: '5',
    },
    MAIL_TIMEOUT: {
      description: "how long the mail server may take to connect, to greet, or to answer on the socket (nodemailer's `connectionTimeout`, `greetingTimeout`, `socketTimeout`; `500ms`, `10s`, …)",
      parse: duration({ positive: true }),
      default: '10s',
    },
    MAIL_MAX_ATTEMPTS: {
      description: 'attempts of one e-mail before it is marked failed in the delivery log, where an admin can retry it (1–20)',
      parse: integer(1, 20),
      default: '5',
    },
    MAIL_RETRY_DELAY: {
      description: "wait before an e-mail's first retry; each further retry waits twice as long (at most 1 hour)",
      parse: duration(),
      default: '30s',
    },
    MAIL_POLL_INTERVAL: {
      description: 'how often the mail outbox is checked besides right after each commit that queued e-mail',
      parse: duration({ positive: true }),
      default: '5s',
    },
    MAIL_SEND_WAIT: {
      description: "how long the admin's weekly send and manual reminders wait for their e-mails' first attempts before answering with sent, failed and still-queued counts",
      parse: duration(),
      default: '5s',
    },
  },
);
