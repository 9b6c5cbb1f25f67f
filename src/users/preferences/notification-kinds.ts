/**
 * What a member may be told about, and how (docs/member-pages.md#notification-preferences). Lower layers (mail,
 * push, notifications) read these names; the users domain stores each member's choices.
 */
export const NOTIFICATION_KINDS = ['reminders', 'picks_sheet', 'game_finals', 'weekly_results', 'pick_overrides', 'weekly_email'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The kinds that have an e-mail, on unless the member turned it off (as every e-mail was before preferences):
 * pick reminders (scheduled and an admin's "remind"), the picks sheet, an admin's change of the member's pick, and
 * the weekly e-mail (the week's games, with last week's awards). Game finals and the week's results are told by push
 * only: their e-mail is always off and cannot be turned on.
 */
export const KINDS_WITH_EMAIL: ReadonlySet<NotificationKind> = new Set(['reminders', 'picks_sheet', 'pick_overrides', 'weekly_email']);

/** Push is off for every kind until the member turns it on (the opt-in ticks the kinds they chose). */
export function channelDefault(kind: NotificationKind, channel: NotificationChannel): boolean {
  return channel === 'email' && KINDS_WITH_EMAIL.has(kind);
}

/**
 * The preference kind an outbox e-mail kind (OutgoingMail.kind) belongs to; null for e-mails a member cannot turn
 * off (invitations, password resets, e-mail or password changed: security and account e-mails always go).
 */
export function kindOfEmail(outboxKind: string): NotificationKind | null {
  if (outboxKind === 'weekly') return 'weekly_email';
  if (outboxKind === 'picks-sheet') return 'picks_sheet';
  if (outboxKind === 'pick-changed') return 'pick_overrides';
  if (outboxKind.startsWith('reminder-')) return 'reminders';
  return null;
}
