/**
 * Request ids: the one nginx sets (`X-Request-Id`, `$request_id`) when it is well-formed, else a
 * new UUID. Fastify puts it on every log line of the request (`reqId`), and the response carries it
 * back, so a user's report, the nginx access log and the API's JSON log meet on one id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids are copied into logs: anything not plainly an id (too long, odd characters) is replaced. */
const wellFormed = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && wellFormed.test(given) ? given : randomUUID();
}

/** Sends the request's id back on every response. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
