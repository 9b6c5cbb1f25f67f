/** One e-mail to write to the outbox: where it goes, what it is about, and what to render when it is sent. */
export interface OutgoingMail {
  /** invitation, password-reset, pick-changed, weekly, reminder-24h ..., reminder-manual, picks-sheet. */
  kind: string;
  email: string;
  /** A template pair in mail/templates: NAME.hbs (HTML) and NAME.text.hbs (plain text). */
  template: string;
  subject: string;
  /** Plain JSON values only (dates already formatted): the context is stored as JSON and rendered later. */
  context: Record<string, unknown>;
  /** The context carries a one-time link (invitation, password reset): once the e-mail failed for good it is deleted. */
  oneTimeLink?: boolean;
  user_id?: number | null;
  week_id?: number | null;
  invitation_id?: number | null;
  round?: number;
}

/** The flag a transaction's query runner carries once it wrote e-mails, so its commit can nudge the sender. */
export const MAIL_QUEUED = 'mailQueued';
