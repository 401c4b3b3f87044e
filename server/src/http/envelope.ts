/** Every /v1 response is `{ code, msg, data }`; code 0 is success (docs/CONTRACTS-OF-WORK.md). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { t, type MessageKey } from '../i18n/index.ts';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function sendOk<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  data: T,
  msgKey: MessageKey = 'ok',
): FastifyReply {
  const body: Envelope<T> = { code: 0, msg: t(request.lang, msgKey), data };
  return reply.code(200).send(body);
}
