import type { SendResult, WeeklySendStatus } from '../../api/types';
import { formatDateTime } from '../../format';
import { countsText } from '../common/sendResult';

const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`;

/** Every e-mail of the week's sends together. */
function totals(status: WeeklySendStatus) {
  const sum = (field: 'recipient_count' | 'delivered_count' | 'refused_count' | 'queued_count') => status.sends.reduce((total, send) => total + send[field], 0);
  return { recipients: sum('recipient_count'), delivered: sum('delivered_count'), refused: sum('refused_count'), queued: sum('queued_count') };
}

/**
 * "Already sent to 7 members on Sat, Nov 28, 10:06 PM." (the first send's time; a later send that reached more
 * members adds its own), or null when the week's e-mail was never sent.
 */
export function alreadySentText(status: WeeklySendStatus): string | null {
  const { recipients } = totals(status);
  if (recipients === 0) return null;
  const first = status.sends.reduce((earliest, send) => (send.sent_at < earliest ? send.sent_at : earliest), status.sends[0].sent_at);
  const when = formatDateTime(first);
  const last = status.last_sent_at ? formatDateTime(status.last_sent_at) : when;
  return `Already sent to ${members(recipients)} on ${when}${last !== when ? ` (the last on ${last})` : ''}.`;
}

/** "6 delivered, 1 refused by the mail server, 0 still on their way." */
export function deliveredText(status: WeeklySendStatus): string {
  const { delivered, refused, queued } = totals(status);
  return `${delivered} delivered, ${refused} refused by the mail server, ${queued} still on their way.`;
}

/** The confirmation before a second send: who it reaches, so nobody fears a double e-mail. */
export const sendAgainText = (already: string) =>
  `${already} Sending again e-mails only the members who have not received it: new members, and those whose e-mail was refused. Nobody gets it twice.`;

/**
 * The send's answer: the product's "Email notifications sent successfully! Sent: n, Failed: n" when nothing was refused,
 * else it says so; the members skipped (already e-mailed, or e-mail turned off), and a send that reached nobody new.
 */
export function sentText(result: SendResult): string {
  const { sent_count, failed_count, queued_count, skipped_count } = result;
  if (sent_count + failed_count + queued_count === 0) {
    return skipped_count > 0 ? `Nothing sent: every member already has this week's e-mail, or turned it off (${skipped_count} skipped).` : 'Nothing sent: no member to e-mail.';
  }
  const lead = failed_count > 0 ? 'Email notifications sent, but the mail server refused some.' : 'Email notifications sent successfully!';
  return `${lead} ${countsText(result)}${skipped_count > 0 ? `, Skipped: ${skipped_count} (already sent, or e-mail turned off)` : ''}`;
}
