import { HttpStatus } from '@nestjs/common';
import { ProviderError } from './provider';

export interface FetchJsonOptions {
  /** The provider's name in messages ("CollegeFootballData"). */
  label: string;
  timeoutMs: number;
  headers?: Record<string, string>;
  /** What to tell the admin when the provider refuses the request (401/403): the key is wrong, say. */
  refusedHint?: string;
}

/**
 * GET a provider's JSON with a deadline. Every way it can fail becomes a ProviderError that says which provider, what
 * happened and what to do; no caller writes anything before this has answered.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const { label, timeoutMs } = options;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...options.headers }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderError(`${label} did not answer within ${Math.round(timeoutMs / 1000)} s. Nothing was changed; try again later.`, HttpStatus.GATEWAY_TIMEOUT);
    }
    throw new ProviderError(`${label} could not be reached (${causeOf(error)}). Nothing was changed; try again later.`);
  }
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
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ProviderError(`${label} broke off its answer (${causeOf(error)}). Nothing was changed; try again later.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(`${label} sent an answer that is not JSON. Nothing was changed.`);
  }
}

/** The lowest-level reason of a failed fetch ("ECONNREFUSED"), not undici's generic "fetch failed". */
function causeOf(error: unknown): string {
  let current = error as { cause?: unknown; code?: string; message?: string } | undefined;
  while (current?.cause) current = current.cause as typeof current;
  return current?.code ?? current?.message ?? 'unknown error';
}

/** A provider's answer was not the format we know: which field of which record. */
export function malformed(label: string, what: string): ProviderError {
  return new ProviderError(`${label} sent data in a format we do not recognise (${what}). Nothing was changed.`);
}
