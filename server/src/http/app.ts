/**
 * Builds the Fastify app: /v1 API (form bodies, envelope, translated errors), /rpc proxy, web app.
 *
 * Each part is an encapsulated plugin with its own body parsers and error handler, so the API can
 * refuse JSON while the RPC proxy accepts only JSON, and RPC errors stay JSON-RPC shaped.
 */
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/login.ts';
import { rpcProxyRoutes } from '../chain/rpc-proxy.ts';
import type { ResolvedConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { resolveLang, type Lang } from '../i18n/index.ts';
import { AppError, ErrorCode, handleError, handleNotFound } from './errors.ts';
import { healthRoutes } from './routes/health.ts';
import { loginRoutes } from './routes/login.ts';
import { userRoutes } from './routes/user.ts';
import { registerWebApp } from './static.ts';

/** Largest /v1 request body. */
export const API_BODY_LIMIT = 16 * 1024;

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
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel ? { level: config.logLevel } : false,
    bodyLimit: API_BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Form values are strings; a repeated key becomes an array and must fail validation, not be coerced.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: true, allErrors: false } },
  });

  app.decorateRequest('lang', 'en' as Lang);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    request.lang = resolveLang(request.headers.lang);
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(ErrorCode.rateLimited),
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
      });
      await api.register(userRoutes, { db, now: config.now });
      await api.register(healthRoutes, { db });
    },
    { prefix: '/v1' },
  );

  await app.register(rpcProxyRoutes, {
    prefix: '/rpc',
    rpcUrls: config.rpcUrls,
    timeoutMs: config.rpcTimeoutMs,
    rateLimit: { max: config.rpcRateLimit.max, timeWindow: config.rpcRateLimit.timeWindowMs },
  });

  if (config.webDist) await registerWebApp(app, config.webDist);
  return app;
}
