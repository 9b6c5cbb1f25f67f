import type { SendResult } from '../../api/types';

/**
 * A batch's counts as the console reads them: the product's "Sent: n, Failed: n" (delivered, refused for good), and
 * the e-mails still on their way when the answer came, if any.
 */
export const countsText = ({ sent_count, failed_count, queued_count }: SendResult) =>
  `Sent: ${sent_count}, Failed: ${failed_count}${queued_count > 0 ? `, Queued: ${queued_count} (still trying)` : ''}`;

/** A success only when every e-mail was delivered. */
export const countsSeverity = ({ failed_count, queued_count }: SendResult): 'success' | 'warning' =>
  failed_count > 0 || queued_count > 0 ? 'warning' : 'success';
