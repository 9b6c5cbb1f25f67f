/**
 * What may appear in a log line (ASVS V7.1.1, V7.1.2): e-mailed links carry bearer tokens (an invitation, a password
 * reset, a calendar feed) and are never logged; e-mail addresses are shortened to their first letter and domain.
 */

/** Paths whose last segment is a token: the API's token lookups and the web app's pages behind e-mailed links. */
const TOKEN_PATH = /\/(invitation_tokens|password_resets|reset-password|calendar)\/[^/?#\s]+/g;
/** Query parameters that carry a token (the invitation link is /register?invitation_token=…). */
const TOKEN_QUERY = /([?&][a-z_]*token=)[^&#\s]+/gi;

/** A URL or text with every token in a path or query replaced by `[redacted]`. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_PATH, '/$1/[redacted]').replace(TOKEN_QUERY, '$1[redacted]');
}

/** An e-mail address inside free text (a mail server's refusal often quotes the recipient). */
const EMAIL_IN_TEXT = /[^\s<>()[\]@"',;:]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Free text with every e-mail address in it shortened by `maskEmail`. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL_IN_TEXT, maskEmail);
}

/** `alice@pool.test` -> `a***@pool.test`: enough for an operator to tell e-mails apart, not to read the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
