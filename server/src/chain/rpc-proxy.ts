/**
 * POST /rpc/:chainId — JSON-RPC proxy to the configured providers of that chain, so the web app
 * reads the chain through its own origin. Only allowlisted methods are forwarded; batches up to
 * MAX_BATCH. The providers are asked in order: one that does not answer (refused, timeout, HTTP
 * error, not JSON-RPC) is skipped for the next (rpc-providers.ts). Every answer, including
 * errors, is JSON-RPC (not the /v1 envelope).
 */
import { isSupportedChainId } from '@app/contracts/chains';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RouteDoc } from '../http/openapi.ts';
import { allowedMethods, MAX_BATCH, RPC_BODY_LIMIT } from './allowlist.ts';
import type { RpcProviders } from './rpc-providers.ts';

type Id = string | number | null;
interface RpcRequest {
  jsonrpc: '2.0';
  id: Id;
  method: string;
  params?: unknown;
}
interface RpcError {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}
type RpcResponse = RpcError | { jsonrpc: '2.0'; id: Id; result: unknown };

export const RpcErrorCode = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  internal: -32603,
  /** Server-defined: chain unknown or not configured. */
  unknownChain: -32001,
  /** Server-defined: upstream node failed or timed out. */
  upstream: -32002,
  /** Server-defined: rate limited. */
  rateLimited: -32005,
} as const;

const rpcError = (id: Id, code: number, message: string): RpcError => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

export interface RpcProxyOptions {
  providers: RpcProviders;
  timeoutMs: number;
  rateLimit: { max: number; timeWindow: number };
}

const rpcDoc: RouteDoc = {
  raw: {
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            oneOf: [
              { type: 'object', description: 'One JSON-RPC 2.0 call' },
              { type: 'array', minItems: 1, maxItems: MAX_BATCH, items: { type: 'object' } },
            ],
          },
        },
      },
    },
    responses: {
      '200': { description: 'JSON-RPC response(s), errors included (-32601 method not allowed)' },
      '404': { description: 'Unknown or unconfigured chain (-32001)' },
      '502': { description: 'Upstream node unavailable (-32002)' },
    },
  },
};

export async function rpcProxyRoutes(app: FastifyInstance, opts: RpcProxyOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: RPC_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(
          Object.assign(new Error('parse error'), { rpcCode: RpcErrorCode.parse, statusCode: 400 }),
        );
      }
    },
  );

  app.setErrorHandler(
    (error: { statusCode?: number; rpcCode?: number; code?: string }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'rpc proxy failed');
      const [code, message] =
        error.rpcCode === RpcErrorCode.parse
          ? [RpcErrorCode.parse, 'Parse error']
          : status === 429
            ? [RpcErrorCode.rateLimited, 'Too many requests']
            : status === 413
              ? [RpcErrorCode.invalidRequest, 'Request too large']
              : status === 415
                ? [RpcErrorCode.invalidRequest, 'Content-Type must be application/json']
                : status < 500
                  ? [RpcErrorCode.invalidRequest, 'Invalid request']
                  : [RpcErrorCode.internal, 'Internal error'];
      return reply.code(status).send(rpcError(null, code, message));
    },
  );
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(rpcError(null, RpcErrorCode.methodNotFound, 'Not found')),
  );

  app.post<{ Params: { chainId: string } }>(
    '/:chainId',
    {
      bodyLimit: RPC_BODY_LIMIT,
      config: { rateLimit: opts.rateLimit, openapi: rpcDoc },
      schema: {
        summary: 'Read-only JSON-RPC proxy to the chain (allowlisted methods, batches of 1..50)',
        tags: ['rpc'],
        params: { type: 'object', properties: { chainId: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const chainId = /^\d{1,10}$/.test(request.params.chainId)
        ? Number(request.params.chainId)
        : NaN;
      const upstream: Upstream | undefined =
        isSupportedChainId(chainId) && opts.providers.has(chainId)
          ? { chainId, providers: opts.providers }
          : undefined;
      if (!upstream) {
        return reply
          .code(404)
          .send(
            rpcError(null, RpcErrorCode.unknownChain, `Unknown chain ${request.params.chainId}`),
          );
      }
      const body: unknown = request.body;
      if (Array.isArray(body)) {
        if (body.length === 0 || body.length > MAX_BATCH) {
          return reply
            .code(400)
            .send(
              rpcError(
                null,
                RpcErrorCode.invalidRequest,
                `Batch must hold 1 to ${MAX_BATCH} calls`,
              ),
            );
        }
        return proxyBatch(reply, upstream, body, opts.timeoutMs);
      }
      const [response] = await forward(upstream, [body], opts.timeoutMs);
      return reply.code(isUpstreamFailure(response) ? 502 : 200).send(response);
    },
  );
}

async function proxyBatch(
  reply: FastifyReply,
  upstream: Upstream,
  calls: unknown[],
  timeoutMs: number,
) {
  const responses = await forward(upstream, calls, timeoutMs);
  const allFailed = responses.every(isUpstreamFailure);
  return reply.code(allFailed ? 502 : 200).send(responses);
}

const isUpstreamFailure = (r: RpcResponse | undefined): boolean =>
  r !== undefined && 'error' in r && r.error.code === RpcErrorCode.upstream;

function check(call: unknown): RpcRequest | RpcError {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) {
    return rpcError(null, RpcErrorCode.invalidRequest, 'Invalid request');
  }
  const c = call as Record<string, unknown>;
  const id: Id =
    typeof c.id === 'string' || typeof c.id === 'number' || c.id === null ? c.id : null;
  if (c.jsonrpc !== '2.0' || typeof c.method !== 'string') {
    return rpcError(id, RpcErrorCode.invalidRequest, 'Invalid request');
  }
  if (c.params !== undefined && (typeof c.params !== 'object' || c.params === null)) {
    return rpcError(id, RpcErrorCode.invalidRequest, 'Invalid params');
  }
  if (!allowedMethods.has(c.method)) {
    return rpcError(
      id,
      RpcErrorCode.methodNotFound,
      `Method not allowed: ${c.method.slice(0, 64)}`,
    );
  }
  return { jsonrpc: '2.0', id, method: c.method, params: c.params ?? [] };
}

/**
 * Checks every call, forwards the allowed ones upstream in one batch with ids 0..n-1 (so clients'
 * duplicate or odd ids cannot confuse the mapping), and answers in the callers' order and ids.
 */
async function forward(
  upstream: Upstream,
  calls: unknown[],
  timeoutMs: number,
): Promise<RpcResponse[]> {
  const checked = calls.map(check);
  const out: RpcResponse[] = checked.map((c) => ('error' in c ? c : rpcError(c.id, 0, '')));
  const pending = checked
    .map((c, index) => ({ c, index }))
    .filter((x): x is { c: RpcRequest; index: number } => !('error' in x.c));
  if (pending.length === 0) return out;

  const batch = pending.map((p, i) => ({
    jsonrpc: '2.0',
    id: i,
    method: p.c.method,
    params: p.c.params,
  }));
  const byId = await ask(upstream, JSON.stringify(batch), timeoutMs);
  pending.forEach((p, i) => {
    const a = byId.get(i);
    if (a && 'result' in a) {
      out[p.index] = { jsonrpc: '2.0', id: p.c.id, result: a.result };
    } else if (a && typeof a.error === 'object' && a.error !== null) {
      out[p.index] = { jsonrpc: '2.0', id: p.c.id, error: a.error as RpcError['error'] };
    } else {
      out[p.index] = rpcError(p.c.id, RpcErrorCode.upstream, 'Upstream node unavailable');
    }
  });
  return out;
}

interface Upstream {
  chainId: number;
  providers: RpcProviders;
}

/**
 * The batch's answers by id from the first provider that answers it: an HTTP 2xx with a JSON-RPC
 * answer for every call (errors included). A provider that does not is reported and skipped for the
 * next one; none answering gives an empty map (each call then gets the upstream error).
 */
async function ask(
  upstream: Upstream,
  body: string,
  timeoutMs: number,
): Promise<Map<number, Record<string, unknown>>> {
  const urls = upstream.providers.order(upstream.chainId);
  for (const [index, url] of urls.entries()) {
    const byId = new Map<number, Record<string, unknown>>();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answers: unknown = res.ok ? await res.json() : undefined;
      if (Array.isArray(answers)) {
        for (const a of answers as Record<string, unknown>[]) {
          if (a && typeof a === 'object' && typeof a.id === 'number') byId.set(a.id, a);
        }
      }
    } catch {
      // refused, timed out or not JSON: the next provider
    }
    const answered = byId.size > 0;
    upstream.providers.report(upstream.chainId, url, answered, index === urls.length - 1);
    if (answered) return byId;
  }
  return new Map();
}
