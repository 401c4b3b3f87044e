/**
 * GET /v1/health: the process is up, the database answers, and how this process's chain indexers
 * are doing. A database that does not answer is 503; an indexer in backoff (say, its RPC is down)
 * or stopped makes the status 'degraded' while the API keeps serving what it has.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { IndexerStatus } from '../../indexer/indexer.ts';
import { t } from '../../i18n/index.ts';
import { ErrorCode, httpStatusOf } from '../errors.ts';
import { routeSchema, type Health } from '../../api-schema/index.ts';

export async function healthRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; indexerStatuses: () => IndexerStatus[] },
) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        ...routeSchema('GET /v1/health'),
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
      const indexer = opts.indexerStatuses();
      const indexerOk = indexer.every((i) => i.state !== 'backoff' && i.state !== 'stopped');
      const data: Health = {
        status: db === 'ok' && indexerOk ? 'ok' : 'degraded',
        db,
        engine: opts.db.engine,
        indexer,
      };
      if (db === 'ok') return reply.send({ code: 0, msg: t(request.lang, 'ok'), data });
      return reply
        .code(httpStatusOf[ErrorCode.unavailable])
        .send({ code: ErrorCode.unavailable, msg: t(request.lang, 'unavailable'), data });
    },
  );
}
