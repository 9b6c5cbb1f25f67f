import type { Urgency } from 'web-push';
import type { NotificationKind } from '../users/preferences/notification-kinds';

/**
 * What a notification shows, and the page a tap opens: the whole payload, encrypted to the device. Built per member
 * from what that member may see (their own picks, their rank), never another member's data before it is public.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the web app ("/dashboard?week=3"). */
  url: string;
  /** Notifications with the same tag replace each other on the device (a second reminder replaces the first). */
  tag: string;
}

/** Push messages of one kind, one per member, written to the push outbox in the caller's transaction. */
export interface PushBatch {
  /** As the delivery log shows it: reminder-24h, reminder-manual, picks-sheet, game-final, weekly-results, pick-changed. */
  kind: string;
  /** The member's choice that decides whether they get it. */
  preference: NotificationKind;
  /** With a week, each (member, kind, week, round, device) is sent at most once; without, every time it is asked for. */
  weekId: number | null;
  round?: number;
  urgency: Urgency;
  /** How long a push service keeps it for a device that is offline, in seconds. */
  ttlSeconds: number;
  /** Past this the message is pointless (a reminder's deadline): its TTL ends here and it is not sent after. */
  expiresAt?: Date | null;
  /** One per member; a message's own expiresAt overrides the batch's. */
  messages: { userId: number; message: PushMessage; expiresAt?: Date | null }[];
}

/** The flag a transaction's query runner carries once it wrote push messages, so its commit nudges the sender. */
export const PUSH_QUEUED = 'pushQueued';

export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 24 * HOUR_SECONDS;
