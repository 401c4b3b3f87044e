/**
 * POST /rpc/:chainId — JSON-RPC proxy to the configured providers of that chain, so the web app
 * reads the chain through its own origin: this app's reads and sends, nothing more.
 * - Only allowlisted methods, with their parameters held to what the app asks (allowlist.ts: no
 *   state or block overrides but our contracts' storage slots on eth_estimateGas; eth_getLogs on
 *   our contracts over a bounded range); a signed
 *   transaction only into our contracts (rpc-proxy-send.ts). Batches up to MAX_BATCH.
 * - The rate limit counts calls, a batch as its size (rpc-proxy-limit.ts).
 * - Every upstream answer is read with a size cap (rpc-proxy-read.ts): past it, the calls get a
 *   JSON-RPC error and the rest of the answer is never read.
 * - The providers are asked in order: one that does not answer (refused, timeout, HTTP error, 429,
 *   not JSON-RPC) is skipped for the next, counted in the proxy's own failures (rpc-providers.ts),
 *   so abuse of /rpc never takes a provider away from the indexer and the sign-in checks.
 * Every answer, including errors, is JSON-RPC (not the /v1 envelope).
 */
import { isSupportedChainId, type SupportedChainId } from '@app/contracts/chains';
import { deployments } from '@app/contracts/generated';
import type { Deployment } from '@app/contracts/chains';
import type { FastifyInstance } from 'fastify';
import type { RouteDoc } from '../http/openapi.ts';
import type { CounterStore } from '../http/shared-state/counters.ts';
import { allowedMethods, MAX_BATCH, paramsRefusal, RPC_BODY_LIMIT } from './allowlist.ts';
import { rpcCallLimiter, type RpcCallLimit } from './rpc-proxy-limit.ts';
import { postCapped } from './rpc-proxy-read.ts';
import { sendRefusal, sendRefusalMessage } from './rpc-proxy-send.ts';
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
  invalidParams: -32602,
  internal: -32603,
  /** Server-defined: chain unknown or not configured. */
  unknownChain: -32001,
  /** Server-defined: upstream node failed or timed out. */
  upstream: -32002,
  /** Server-defined: a signed transaction this proxy does not relay (not into our contracts). */
  sendRefused: -32003,
  /** Server-defined: the upstream answer to these calls was over the size cap. */
  tooLarge: -32004,
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
  /** Which contracts are ours (eth_getLogs, eth_sendRawTransaction). */
  deployment: Deployment;
  limit: RpcCallLimit;
  /** Where the calls are counted (Redis when instances share state). */
  counters: CounterStore;
  /** Largest upstream answer read, in bytes (RPC_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  /** Most blocks one eth_getLogs may span (RPC_LOGS_MAX_BLOCKS). */
  logsMaxBlocks: number;
}

/** This deployment's contracts on `chainId` that the app reads and sends to, lower-case. */
function ourContracts(deployment: Deployment, chainId: number): Set<string> {
  const d = deployments[deployment][chainId as SupportedChainId];
  if (!d) return new Set();
  return new Set(
    [d.staking, d.stakingLens, d.usdc, d.rewardToken, d.pair, d.router].map((a) => a.toLowerCase()),
  );
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
      '200': {
        description:
          'JSON-RPC response(s), errors included: -32601 method not allowed, -32602 parameters ' +
          'refused (state or block overrides; eth_getLogs not on our contracts or over too many ' +
          "blocks), -32003 a signed transaction not into this app's contracts, -32004 the answer " +
          'was over the size cap',
      },
      '404': { description: 'Unknown or unconfigured chain (-32001)' },
      '429': { description: 'Too many calls from this client (a batch counts each call; -32005)' },
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

  const allowCalls = rpcCallLimiter(opts.limit, opts.counters);

  app.post<{ Params: { chainId: string } }>(
    '/:chainId',
    {
      bodyLimit: RPC_BODY_LIMIT,
      config: { openapi: rpcDoc },
      schema: {
        summary:
          "JSON-RPC proxy to the chain for this app's reads and sends (allowlisted methods, batches of 1..50)",
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
          ? {
              chainId,
              providers: opts.providers,
              ours: ourContracts(opts.deployment, chainId),
              timeoutMs: opts.timeoutMs,
              maxBytes: opts.maxResponseBytes,
              logsMaxBlocks: opts.logsMaxBlocks,
            }
          : undefined;
      if (!upstream) {
        return reply
          .code(404)
          .send(
            rpcError(null, RpcErrorCode.unknownChain, `Unknown chain ${request.params.chainId}`),
          );
      }
      const body: unknown = request.body;
      const calls = Array.isArray(body) ? (body as unknown[]) : [body];
      if (Array.isArray(body) && (body.length === 0 || body.length > MAX_BATCH)) {
        return reply
          .code(400)
          .send(
            rpcError(null, RpcErrorCode.invalidRequest, `Batch must hold 1 to ${MAX_BATCH} calls`),
          );
      }
      if (!(await allowCalls(request.ip, calls.length))) {
        return reply
          .code(429)
          .send(
            rpcError(
              null,
              RpcErrorCode.rateLimited,
              `Too many calls: at most ${opts.limit.perClient} per ${opts.limit.windowMs / 1000} s per client`,
            ),
          );
      }
      const responses = await forward(upstream, calls);
      if (!Array.isArray(body)) {
        return reply.code(isUpstreamFailure(responses[0]) ? 502 : 200).send(responses[0]);
      }
      return reply.code(responses.every(isUpstreamFailure) ? 502 : 200).send(responses);
    },
  );
}

const isUpstreamFailure = (r: RpcResponse | undefined): boolean =>
  r !== undefined && 'error' in r && r.error.code === RpcErrorCode.upstream;

async function check(call: unknown, upstream: Upstream): Promise<RpcRequest | RpcError> {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) {
    return rpcError(null, RpcErrorCode.invalidRequest, 'Invalid request');
  }
  const c = call as Record<string, unknown>;
  const id: Id =
    typeof c.id === 'string' || typeof c.id === 'number' || c.id === null ? c.id : null;
  if (c.jsonrpc !== '2.0' || typeof c.method !== 'string') {
    return rpcError(id, RpcErrorCode.invalidRequest, 'Invalid request');
  }
  if (c.params !== undefined && !Array.isArray(c.params)) {
    return rpcError(id, RpcErrorCode.invalidParams, 'Invalid params: a list expected');
  }
  if (!allowedMethods.has(c.method)) {
    return rpcError(
      id,
      RpcErrorCode.methodNotFound,
      `Method not allowed: ${c.method.slice(0, 64)}`,
    );
  }
  const params = (c.params ?? []) as unknown[];
  const refusal = paramsRefusal(c.method, params, {
    ours: upstream.ours,
    logsMaxBlocks: upstream.logsMaxBlocks,
  });
  if (refusal) return rpcError(id, RpcErrorCode.invalidParams, refusal);
  if (c.method === 'eth_sendRawTransaction') {
    const why = await sendRefusal(params[0] as `0x${string}`, upstream.chainId, upstream.ours);
    if (why) return rpcError(id, RpcErrorCode.sendRefused, `${sendRefusalMessage} (${why})`);
  }
  return { jsonrpc: '2.0', id, method: c.method, params };
}

/**
 * Checks every call, forwards the allowed ones upstream in one batch with ids 0..n-1 (so clients'
 * duplicate or odd ids cannot confuse the mapping), and answers in the callers' order and ids.
 */
async function forward(upstream: Upstream, calls: unknown[]): Promise<RpcResponse[]> {
  const checked = await Promise.all(calls.map((c) => check(c, upstream)));
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
  const byId = await ask(upstream, JSON.stringify(batch));
  pending.forEach((p, i) => {
    if (byId === 'tooLarge') {
      out[p.index] = rpcError(
        p.c.id,
        RpcErrorCode.tooLarge,
        `Response too large (over ${upstream.maxBytes} bytes): ask for less in one request`,
      );
      return;
    }
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
  ours: ReadonlySet<string>;
  timeoutMs: number;
  maxBytes: number;
  logsMaxBlocks: number;
}

/**
 * The batch's answers by id from the first provider that answers it: an HTTP 2xx with a JSON-RPC
 * answer for every call (errors included). A provider that does not (or answers 429) is counted in
 * the proxy's own failures and skipped for the next; none answering gives an empty map (each call
 * then gets the upstream error). An answer over the cap is the calls' doing, not the provider's:
 * 'tooLarge', and no other provider is asked the same.
 */
async function ask(
  upstream: Upstream,
  body: string,
): Promise<Map<number, Record<string, unknown>> | 'tooLarge'> {
  const urls = upstream.providers.order(upstream.chainId, 'proxy');
  for (const url of urls) {
    const outcome = await postCapped(url, body, {
      timeoutMs: upstream.timeoutMs,
      maxBytes: upstream.maxBytes,
    });
    if (outcome.kind === 'tooLarge') return 'tooLarge';
    const byId = new Map<number, Record<string, unknown>>();
    if (outcome.kind === 'answer' && Array.isArray(outcome.body)) {
      for (const a of outcome.body as Record<string, unknown>[]) {
        if (a && typeof a === 'object' && typeof a.id === 'number') byId.set(a.id, a);
      }
    }
    const answered = byId.size > 0;
    upstream.providers.reportProxy(upstream.chainId, url, answered);
    if (answered) return byId;
  }
  return new Map();
}
