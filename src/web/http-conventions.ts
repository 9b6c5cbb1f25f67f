import etag from 'etag';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Answers up to this length carry a weak ETag; hashing megabytes of standings costs more than it saves. */
const ETAG_MAX_LENGTH = 256 * 1024;
/** The largest JSON body a request may send. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * JSON request bodies the way clients expect: an empty body is an empty object, a malformed one (or a bare value)
 * a 400 that says so, a huge one a 413.
 */
export function useJsonBodies(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, {});
    parse(request, body as string, (error, parsed) => {
      // Like body-parser's strict mode: a request body is an object or an array, never a bare string or number.
      const reason = error?.message ?? (parsed === null || typeof parsed !== 'object' ? 'an object or an array is expected' : null);
      if (reason === null) return done(null, parsed);
      done(Object.assign(new Error(`Request body is not valid JSON: ${reason}`), { statusCode: 400 }), undefined);
    });
  });
}

/** Form bodies are read only on these routes: the one-click unsubscribe that mail providers POST (RFC 8058). */
const FORM_ROUTES = new Set(['/api/unsubscribe']);
const FORM_BODY_LIMIT = 4096;

/**
 * RFC 8058's one-click POST comes form-encoded or as multipart form data (`List-Unsubscribe=One-Click`): accepted,
 * as text nobody reads (the signed link in the address decides), on FORM_ROUTES only; every other route keeps
 * answering 415 to a body that is not JSON.
 */
export function useOneClickFormBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (request, body, done) => {
    if (FORM_ROUTES.has(request.routeOptions.url ?? '')) return done(null, {});
    done(Object.assign(new Error(`Unsupported Media Type: ${request.headers['content-type']}`), { statusCode: 415 }), undefined);
  });
}

/** Small GET answers carry a weak ETag, and a client that has the same one gets 304 with no body. */
export function useWeakEtags(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // A handler that knows its answer's tag (one serialized once and shared) sets it; others are hashed here.
    let tag = reply.getHeader('etag') as string | undefined;
    if (tag === undefined) {
      if (payload.length > ETAG_MAX_LENGTH) return payload;
      tag = etag(payload, { weak: true });
      reply.header('etag', tag);
    }
    if (request.headers['if-none-match'] === tag) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}

/** A record's edit route: PATCH /api/<resource>/:id. */
const isRecordEdit = (method: string | string[], url: string) => method === 'PATCH' && url.endsWith('/:id');

/**
 * A record's edit answers PUT as it answers PATCH: react-admin's simple REST client sends PUT, and a PUT here is
 * the same partial update (fields left out stay as they are). One alias for every resource, so controllers declare
 * only `@Patch(':id')`. Call before the routes are registered.
 */
export function acceptPutForEdits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (isRecordEdit(route.method, route.url)) route.method = ['PATCH', 'PUT'];
  });
}

/** The OpenAPI document shows the PUT of each record's edit, as served. */
export function withPutForEdits(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    if (item.patch && isRecordEdit('PATCH', path.replace(/\{id\}$/, ':id'))) item.put = { ...item.patch, operationId: `${item.patch.operationId}_put` };
  }
  return document;
}
