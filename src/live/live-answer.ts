import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { acceptsGzip, matchesTag } from './live-board';

const CACHE_CONTROL = 'private, no-cache';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An answer as sent: its tag, and its bytes made only when it is sent (a 304 needs the tag alone). The bytes are the
 * board's shared part, serialized and deflated once per board version (docs/saturday.md#the-live-board), and the
 * reader's own tail.
 */
export interface LiveAnswer {
  etag: string;
  json(): Buffer;
  gzipped(): Buffer;
}

/**
 * The answer with its tag, or 304 with no body to a reader who has it. The gzipped bytes carry the same tag: the
 * answer is the same, only its transfer differs (Vary says so). `private, no-cache`: a browser may keep it but
 * must ask again each time (with If-None-Match); a shared cache must not keep it (it answers signed-in readers only).
 */
export function sendAnswer(req: FastifyRequest, res: FastifyReply, answer: LiveAnswer): Buffer | string {
  res.header('etag', answer.etag).header('cache-control', CACHE_CONTROL);
  if (matchesTag(req.headers['if-none-match'], answer.etag)) {
    res.code(304);
    return '';
  }
  res.type(JSON_TYPE).header('vary', 'accept-encoding');
  if (!acceptsGzip(req.headers['accept-encoding'])) return answer.json();
  res.header('content-encoding', 'gzip');
  return answer.gzipped();
}


/**
 * The header blocks of the answers LiveFastPath writes itself, made once: `[name, value, …]` as Node's writeHead takes
 * them, each the app's security headers (as its hook sets them) and then what sendAnswer and Fastify's reply add, in
 * their order; the tag's value is filled in per answer (at `etag`), the length appended.
 */
export interface AnswerBlocks {
  notModified: readonly string[];
  json: readonly string[];
  gzip: readonly string[];
  /** Where the tag's value goes in each block. */
  etag: number;
}

export function answerBlocks(security: Readonly<Record<string, string>>): AnswerBlocks {
  const head = Object.entries({ ...security, 'cache-control': CACHE_CONTROL, etag: '' }).flat();
  const answer = [...head, 'content-type', JSON_TYPE, 'vary', 'accept-encoding'];
  return {
    // What Fastify's reply writes for the empty string of a 304: its text type (and a zero length, appended).
    notModified: [...head, 'content-type', 'text/plain; charset=utf-8'],
    json: answer,
    gzip: [...answer, 'content-encoding', 'gzip'],
    etag: head.length - 1,
  };
}

/**
 * sendAnswer's answer as Fastify's reply would write it, written straight to Node's response in one writeHead and one
 * end: the same status, headers and bytes, without the reply's object of headers and its onSend hooks (which have
 * nothing to do here: the answer has its tag, and a matching If-None-Match is a 304 already).
 */
export function writeAnswer(headers: IncomingHttpHeaders, res: ServerResponse, answer: LiveAnswer, blocks: AnswerBlocks): void {
  let block = blocks.notModified;
  let body: Buffer | undefined;
  if (!matchesTag(headers['if-none-match'], answer.etag)) {
    const gzip = acceptsGzip(headers['accept-encoding']);
    block = gzip ? blocks.gzip : blocks.json;
    body = gzip ? answer.gzipped() : answer.json();
  }
  const written = block.slice();
  written[blocks.etag] = answer.etag;
  written.push('content-length', body ? String(body.length) : '0');
  res.writeHead(body ? 200 : 304, written);
  res.end(body);
}
