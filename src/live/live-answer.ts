import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, matchesTag } from './live-board';

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
  res.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (matchesTag(req.headers['if-none-match'], answer.etag)) {
    res.code(304);
    return '';
  }
  res.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!acceptsGzip(req.headers['accept-encoding'])) return answer.json();
  res.header('content-encoding', 'gzip');
  return answer.gzipped();
}
