/**
 * GET /v1/health/live and /v1/health/ready, beside the existing /v1/health (unchanged for its
 * clients). Live: the process answers (a supervisor restarts it when not). Ready: it should get
 * traffic — not while it drains before exit, not when the database does not answer, not while an
 * indexer of this process is more than `maxLagBlocks` confirmed blocks behind or stopped (API-only
 * instances run no indexer), and not while its configuration is wrong (a deployment file without
 * the contracts of a chain it serves: every answer about that chain would be empty or wrong).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { routeSchema, type Readiness } from '../api-schema/index.ts';
import type { Db } from '../db/db.ts';
import type { IndexerMetrics } from '../indexer/indexer.ts';
import { t } from '../i18n/index.ts';
import { ErrorCode, httpStatusOf } from '../http/errors.ts';

export interface Lifecycle {
  /** Set on SIGTERM: readiness turns false while in-flight requests finish. */
  draining: boolean;
}

export interface ReadinessSources {
  db: Db;
  lifecycle: Lifecycle;
  indexers: () => IndexerMetrics[];
  maxLagBlocks: number;
  /** What is wrong with the configuration (chain/deployment.ts deploymentProblems). */
  configurationProblems?: () => string[];
}

/** The readiness verdict: the route answers with it, and /metrics reports it as app_ready. */
export async function checkReadiness(opts: ReadinessSources): Promise<Readiness> {
  let db = true;
  try {
    await opts.db.query('SELECT 1');
  } catch {
    db = false;
  }
  const indexer = opts.indexers().map((m) => ({
    chainId: m.chainId,
    state: m.state,
    lagBlocks: m.lagBlocks,
    ok: m.state !== 'stopped' && m.lagBlocks <= opts.maxLagBlocks,
  }));
  const draining = opts.lifecycle.draining;
  const configuration = opts.configurationProblems?.() ?? [];
  const ready = !draining && db && indexer.every((i) => i.ok) && configuration.length === 0;
  return { ready, draining, db: db ? 'ok' : 'down', indexer, configuration };
}

export function readinessRoutes(fastify: FastifyInstance, opts: ReadinessSources): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['meta'];
  app.get(
    '/v1/health/live',
    {
      schema: {
        ...routeSchema('GET /v1/health/live'),
        tags,
        summary: 'Liveness: the process answers',
      },
    },
    async (request, reply) =>
      reply.send({ code: 0, msg: t(request.lang, 'ok'), data: { live: true } }),
  );
  app.get(
    '/v1/health/ready',
    {
      schema: {
        ...routeSchema('GET /v1/health/ready'),
        tags,
        summary:
          'Readiness: not draining, database up, own indexers within the lag limit (else 503)',
      },
    },
    async (request, reply) => {
      const data = await checkReadiness(opts);
      if (data.ready) return reply.send({ code: 0, msg: t(request.lang, 'ok'), data });
      return reply
        .code(httpStatusOf[ErrorCode.unavailable])
        .send({ code: ErrorCode.unavailable, msg: t(request.lang, 'unavailable'), data });
    },
  );
}
