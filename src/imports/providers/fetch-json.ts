import { HttpStatus } from '@nestjs/common';
import { ProviderError } from './provider';

/** The most a provider's answer may hold: a week's games are about 150 KB, so this leaves room without limit. */
export const PROVIDER_ANSWER_MAX_BYTES = 10 * 1024 * 1024;
/** Redirects followed on the provider's own host before giving up. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FetchJsonOptions {
  /** The provider's name in messages ("CollegeFootballData"). */
  label: string;
  /** The deadline of the whole exchange: redirects, headers and body. */
  timeoutMs: number;
  headers?: Record<string, string>;
  /** What to tell the admin when the provider refuses the request (401/403): the key is wrong, say. */
  refusedHint?: string;
}

/**
 * GET a provider's JSON with one deadline for the whole exchange, redirects only on the provider's own host (same
 * origin: scheme, host name and port) and a capped body. Every way it can fail becomes a ProviderError that says
 * which provider, what happened and what to do; no caller writes anything before this has answered.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const { label, timeoutMs } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let reading = false;
  try {
    const response = await follow(new URL(url), options, signal);
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new ProviderError(`${label} refused the request (HTTP ${response.status}). ${options.refusedHint ?? ''}`.trim());
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new ProviderError(`${label} says too many requests (HTTP 429). Nothing was changed; try again in a few minutes.`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(`${label} answered HTTP ${response.status}. Nothing was changed; try again later.`);
    }
    reading = true;
    const text = await readCapped(response, label);
    try {
      return JSON.parse(text);
    } catch {
      throw new ProviderError(`${label} sent an answer that is not JSON. Nothing was changed.`);
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    // Past the deadline every step fails its own way (no connection, a broken-off body): all of them are "too slow".
    if (signal.aborted) {
      throw new ProviderError(`${label} did not answer within ${Math.round(timeoutMs / 1000)} s. Nothing was changed; try again later.`, HttpStatus.GATEWAY_TIMEOUT);
    }
    const what = reading ? 'broke off its answer' : 'could not be reached';
    throw new ProviderError(`${label} ${what}${reasonOf(error)}. Nothing was changed; try again later.`);
  }
}

/** The answer at the end of the provider's redirects; a redirect off its origin is refused before it is asked. */
async function follow(url: URL, options: FetchJsonOptions, signal: AbortSignal): Promise<Response> {
  for (let redirects = 0; ; redirects++) {
    const response = await fetch(url, { headers: { accept: 'application/json', ...options.headers }, signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel();
    const next = URL.parse(location, url.href);
    if (next?.origin !== url.origin) {
      throw new ProviderError(`${options.label} redirected the request to another host (${next?.host || location}); it was not followed. Nothing was changed.`);
    }
    if (redirects === MAX_REDIRECTS) throw new ProviderError(`${options.label} redirected the request too many times. Nothing was changed; try again later.`);
    url = next;
  }
}

/** The body as text, refused as soon as it is larger than PROVIDER_ANSWER_MAX_BYTES (undecoded or decompressed). */
async function readCapped(response: Response, label: string): Promise<string> {
  const tooLarge = () => new ProviderError(`${label} sent an answer too large to read (over ${PROVIDER_ANSWER_MAX_BYTES / 1024 / 1024} MB). Nothing was changed.`);
  if (Number(response.headers.get('content-length')) > PROVIDER_ANSWER_MAX_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // Leaving the loop early cancels the stream, which closes the connection.
    if (size > PROVIDER_ANSWER_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Why a provider could not be reached, in words (" (connection refused)"); an unknown reason says nothing. */
function reasonOf(error: unknown): string {
  let current = error as { cause?: unknown; code?: unknown } | undefined;
  while (current?.cause) current = current.cause as typeof current;
  const reason = typeof current?.code === 'string' ? REASONS[current.code] : undefined;
  return reason ? ` (${reason})` : '';
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection dropped',
  UND_ERR_SOCKET: 'connection dropped',
  ENOTFOUND: 'unknown host name',
  EAI_AGAIN: 'unknown host name',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host',
};

/** A provider's answer was not the format we know: which field of which record. */
export function malformed(label: string, what: string): ProviderError {
  return new ProviderError(`${label} sent data in a format we do not recognise (${what}). Nothing was changed.`);
}
