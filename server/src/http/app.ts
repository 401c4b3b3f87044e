/**
 * Builds the Fastify app: /v1 API (form bodies, envelope, translated errors), /rpc proxy, web app.
 *
 * Each part is an encapsulated plugin with its own body parsers and error handler, so the API can
 * refuse JSON while the RPC proxy accepts only JSON, and RPC errors stay JSON-RPC shaped.
 */
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { clientKey } from './client-key.ts';
import type { AuthContext } from '../auth/login.ts';
import { rpcProxyRoutes } from '../chain/rpc-proxy.ts';
import type { ResolvedConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { resolveLang, type Lang } from '../i18n/index.ts';
import { AppError, ErrorCode, handleError, handleNotFound } from './errors.ts';
import { buildOpenApi, collectRoute, type CollectedRoute } from './openapi.ts';
import { adminRoutes } from './routes/admin.ts';
import { healthRoutes } from './routes/health.ts';
import { indexConfigRoutes } from './routes/index-config.ts';
import { noticeRoutes } from './routes/notice.ts';
import { loginRoutes } from './routes/login.ts';
import { userRoutes } from './routes/user.ts';
import { registerWebApp } from './static.ts';
import { pageCache, type PageCache } from './page-cache.ts';
import { accountRoutes } from '../chain-data/account/index.ts';
import { activityRoutes } from '../chain-data/activity/index.ts';
import { exchangeRoutes } from '../chain-data/exchange/index.ts';
import { homeRoutes } from '../chain-data/home/index.ts';
import { incomeRoutes } from '../chain-data/income/index.ts';
import { teamRoutes } from '../chain-data/team/index.ts';
import { withdrawalRoutes } from '../chain-data/withdrawals/index.ts';
import type { IndexerMetrics, IndexerStatus } from '../indexer/indexer.ts';
import { writeLimiter } from './write-limit.ts';
import { memoryCounters } from './shared-state/counters.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import type { SharedState } from './shared-state/redis.ts';
import { redisOrLocalStore } from './shared-state/rate-limit-store.ts';
import type { Metrics } from '../observability/metrics.ts';
import { readinessRoutes, type Lifecycle } from '../observability/readiness.ts';
import { deploymentProblems } from '../chain/deployment.ts';
import { echoRequestId, requestIdFor } from '../observability/request-id.ts';

/** Largest /v1 request body. */
export const API_BODY_LIMIT = 16 * 1024;
/**
 * How long an idle kept-alive connection stays open. Longer than the reverse proxy's upstream
 * `keepalive_timeout` (60 s in deploy/nginx.conf.template), so the proxy, never the instance, closes
 * idle connections: a request the proxy sends on a connection the instance is closing at that
 * moment is reset, and nginx then takes the instance out for fail_timeout. Fastify's default (72 s)
 * already keeps this; it is set here so the relation is written down and tested
 * (deploy/nginx-upstream.test.ts), not left to a library default.
 */
export const IDLE_CONNECTION_TIMEOUT_MS = 65_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** From the `Lang` header; en when absent or unknown. */
    lang: Lang;
  }
}

export async function buildApp(
  config: ResolvedConfig,
  db: Db,
  auth: AuthContext,
  options: {
    onRoute?: (route: RouteOptions) => void;
    /** State of the chain indexers of this process, for /v1/health. */
    indexerStatuses?: () => IndexerStatus[];
    /** Read cache of the page responses (none: every request queries). */
    pageCache?: PageCache;
    /** Redis-backed state shared by the API instances (REDIS_URL); none: this process's memory. */
    shared?: SharedState;
    /** Request metrics are recorded here (served by observability/metrics-server.ts). */
    metrics?: Metrics;
    /** Draining state and indexer lag for /v1/health/ready. */
    lifecycle?: Lifecycle;
    indexerMetrics?: () => IndexerMetrics[];
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel ? { level: config.logLevel } : false,
    bodyLimit: API_BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    keepAliveTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    genReqId: requestIdFor,
    // Form values are strings; a repeated key becomes an array and must fail validation, not be coerced.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: true, allErrors: false } },
  });

  // Every route, as registered: the OpenAPI document is built from them.
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route) => {
    collectRoute(routes, route);
    options.onRoute?.(route);
  });
  let openapi: ReturnType<typeof buildOpenApi> | undefined;

  app.decorateRequest('lang', 'en' as Lang);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToCheck', null);
  app.addHook('onRequest', async (request) => {
    request.lang = resolveLang(request.headers.lang);
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  echoRequestId(app);
  registerSecurityHeaders(app, config.webDist);
  options.metrics?.instrumentHttp(app);
  const { shared } = options;

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(ErrorCode.rateLimited),
    // Per client: an IPv6 address's /64, an IPv4 address (client-key.ts).
    keyGenerator: (request) => clientKey(request.ip),
    // Counted in Redis when instances share state; in this instance's memory while Redis is away
    // (shared-state/rate-limit-store.ts).
    ...(shared ? { store: redisOrLocalStore(shared.redis, `${shared.prefix}rl:`) } : {}),
  });

  await app.register(
    async (api) => {
      // Only application/x-www-form-urlencoded (spec §7); anything else is 1005 / HTTP 415.
      api.removeAllContentTypeParsers();
      await api.register(formbody, { bodyLimit: API_BODY_LIMIT });
      api.addHook('preValidation', async (request) => {
        if (request.method === 'POST' && request.body == null) request.body = {};
      });
      await api.register(loginRoutes, {
        auth,
        rateLimit: {
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.timeWindowMs,
        },
        codeRateLimit: {
          max: config.loginCodeRateLimit.max,
          timeWindow: config.loginCodeRateLimit.timeWindowMs,
        },
      });
      const limiter = writeLimiter(config.writeRateLimit, Date.now, shared?.counters);
      await api.register(userRoutes, { db, now: config.now });
      await api.register(healthRoutes, {
        db,
        indexerStatuses: options.indexerStatuses ?? (() => []),
      });
      await api.register(noticeRoutes, { db, now: config.now, limiter });
      await api.register(indexConfigRoutes, { db, deployment: config.deployment });
      const pages = {
        db,
        now: config.now,
        deployment: config.deployment,
        cache: options.pageCache ?? pageCache({ db, now: config.now, enabled: false }),
      };
      await api.register(homeRoutes, pages);
      await api.register(accountRoutes, { ...pages, rpc: config.rpc });
      // In this order: the OpenAPI document lists the routes as they are registered.
      await api.register(incomeRoutes, pages);
      await api.register(activityRoutes, pages);
      await api.register(withdrawalRoutes, pages);
      await api.register(exchangeRoutes, pages);
      await api.register(teamRoutes, { ...pages, origin: () => auth.origin.uri });
      await api.register(adminRoutes, {
        db,
        now: config.now,
        adminAddresses: config.adminAddresses,
        limiter,
      });
      api.get(
        '/openapi.json',
        {
          config: { openapi: { raw: { responses: { '200': { description: 'This document' } } } } },
          schema: { summary: 'OpenAPI 3.1 description of every route', tags: ['meta'] },
        },
        async (_request, reply) => {
          openapi ??= buildOpenApi(routes, { title: `${config.appName} API`, version: '1' });
          return reply.send(openapi);
        },
      );
    },
    { prefix: '/v1' },
  );

  readinessRoutes(app, {
    db,
    lifecycle: options.lifecycle ?? { draining: false },
    indexers: options.indexerMetrics ?? (() => []),
    maxLagBlocks: config.maxIndexerLagBlocks,
    configurationProblems: () => deploymentProblems(config),
  });

  await app.register(rpcProxyRoutes, {
    prefix: '/rpc',
    providers: config.rpc,
    timeoutMs: config.rpcTimeoutMs,
    deployment: config.deployment,
    limit: {
      perClient: config.rpcRateLimit.max,
      perWideClient: config.rpcRateLimitWide,
      windowMs: config.rpcRateLimit.timeWindowMs,
    },
    counters: shared?.counters ?? memoryCounters(),
    maxResponseBytes: config.rpcMaxResponseBytes,
    logsMaxBlocks: config.rpcLogsMaxBlocks,
  });

  if (config.webDist) await registerWebApp(app, config.webDist);
  return app;
}
