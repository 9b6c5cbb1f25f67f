/** The longest wait between two attempts of one e-mail, however many attempts came before. */
export const MAIL_RETRY_MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * How long to wait after a failed attempt before the next one: the first delay, doubled after each further failed
 * attempt (exponential backoff), capped at an hour. `attempts` counts the attempts made so far (1 after the first).
 */
export function retryDelayMs(attempts: number, firstDelayMs: number, maxDelayMs = MAIL_RETRY_MAX_DELAY_MS): number {
  const doublings = Math.max(0, Math.floor(attempts) - 1);
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(doublings, 30));
}

/** Whether an e-mail with this many failed attempts gets another one, or is marked failed for good. */
export function mayRetry(attempts: number, maxAttempts: number): boolean {
  return attempts < maxAttempts;
}

/** An e-mail that no attempt can send (nothing stored, or a stored message that cannot be read). */
export class UnsendableMailError extends Error {}

/**
 * Whether a failed attempt can never succeed by trying again: the mail server answered with a 5xx (a recipient it
 * refuses, a message it rejects), or there is nothing to send. A 4xx, a timeout or a lost connection may pass, and is
 * retried.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof UnsendableMailError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
