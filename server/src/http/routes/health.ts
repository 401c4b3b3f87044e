/** GET /v1/health: the process is up and the database answers. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { t } from '../../i18n/index.ts';
import { ErrorCode, httpStatusOf } from '../errors.ts';
import { ref } from '../openapi.ts';

export async function healthRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.get(
    '/health',
    {
      config: { openapi: { data: ref('Health') } },
      schema: {
        summary: 'Liveness and database state (503 when the database is down)',
        tags: ['meta'],
      },
    },
    async (request, reply) => {
      let db: 'ok' | 'down' = 'ok';
      try {
        await opts.db.query('SELECT 1');
      } catch (err) {
        request.log.warn({ err }, 'health: database check failed');
        db = 'down';
      }
      const data = { status: db === 'ok' ? 'ok' : 'degraded', db, engine: opts.db.engine };
      if (db === 'ok') return reply.send({ code: 0, msg: t(request.lang, 'ok'), data });
      return reply
        .code(httpStatusOf[ErrorCode.unavailable])
        .send({ code: ErrorCode.unavailable, msg: t(request.lang, 'unavailable'), data });
    },
  );
}
