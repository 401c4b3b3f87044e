/**
 * Prometheus metrics of one process (prom-client): HTTP latency per route and status, logins,
 * rate-limit refusals, database errors, and per chain the indexer's head, progress, lag, events,
 * RPC errors and backoff. One registry per process (not prom-client's global one), so tests that
 * start several servers in one process do not share counters.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { isDbUnavailable, pgErrorCode } from '../db/db.ts';
import type { RpcProviders } from '../chain/rpc-providers.ts';
import type { ChainFacts } from '../indexer/chain-facts.ts';
import type { IndexerMetrics } from '../indexer/indexer.ts';

export interface Metrics {
  registry: Registry;
  /** Adds the hooks that measure every request of `app`. */
  instrumentHttp(app: FastifyInstance): void;
  /** Where the per-chain gauges read from at each scrape (the indexers of this process). */
  watchIndexers(source: () => IndexerMetrics[]): void;
  /** Where readiness and the dependencies' reachability are checked at each scrape. */
  watchHealth(source: () => Promise<HealthFacts>): void;
  /** Where the RPC providers' state is read at each scrape (chain/rpc-providers.ts). */
  watchRpc(source: () => RpcStatus[]): void;
}

/**
 * What `app_ready` and `dependency_up` report: readiness only for an API instance (the indexer
 * process has no traffic to take or refuse), Redis only when configured.
 */
export interface HealthFacts {
  ready?: boolean;
  postgres: boolean;
  redis?: boolean;
}

/** One chain's providers: which answered last (host, place in the list) and whether one answers. */
export type RpcStatus = ReturnType<RpcProviders['status']>[number];

/** The login routes, whose outcome is counted as a login success or failure. */
const loginRoutes = new Set(['/v1/user/metamasklogin', '/v1/index/register']);

export function createMetrics(
  options: {
    defaultMetrics?: boolean;
    /**
     * Export app_ready (default true): an API instance's. The indexer process takes no traffic, and
     * a gauge without labels is 0 until set, which would fire InstanceNotReady for it.
     */
    readiness?: boolean;
  } = {},
): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const logins = new Counter({
    name: 'login_attempts_total',
    help: 'Sign-in attempts (metamasklogin, register) by result: success, failure, rate_limited',
    labelNames: ['result'] as const,
    registers,
  });
  const rateLimited = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (HTTP 429), by route pattern',
    labelNames: ['route'] as const,
    registers,
  });
  const dbErrors = new Counter({
    name: 'db_errors_total',
    help: 'Requests that failed on a database error, by kind: unavailable or query',
    labelNames: ['kind'] as const,
    registers,
  });

  let indexers: () => IndexerMetrics[] = () => [];
  const perChain = (
    name: string,
    help: string,
    value: (m: IndexerMetrics) => number | null,
    labelNames: readonly string[] = ['chain'],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        for (const m of indexers()) {
          const v = value(m);
          if (v !== null) this.set({ chain: String(m.chainId) }, v);
        }
      },
    });
  perChain('indexer_chain_head_block', 'Chain head as last seen by the indexer', (m) =>
    m.head === null ? null : Number(m.head),
  );
  perChain('indexer_indexed_block', 'Last block written to the index', (m) =>
    m.indexed === null ? null : Number(m.indexed),
  );
  perChain(
    'indexer_lag_blocks',
    'Confirmed blocks not indexed yet (head − confirmations − indexed)',
    (m) => m.lagBlocks,
  );
  perChain(
    'indexer_lag_seconds',
    'Seconds the index has been behind the confirmed head (0 when caught up)',
    (m) => m.lagSeconds,
  );
  perChain(
    'indexer_backoff_seconds',
    'Current wait before the indexer retries after a failure (0 when healthy)',
    (m) => m.backoffMs / 1000,
  );
  perChain(
    'indexer_running',
    '1 when this process holds the chain’s indexer lock and indexes, 0 in standby/backoff/stopped',
    (m) => (m.state === 'running' ? 1 : 0),
  );
  // Chain facts read by the indexer that holds the chain's lock (a standby has none).
  const fact = (name: string, help: string, value: (f: ChainFacts) => number) =>
    perChain(name, help, (m) => (m.facts ? value(m.facts) : null));
  fact('staking_paused', '1 when the Staking contract is paused', (f) => (f.paused ? 1 : 0));
  fact(
    'staking_ownership_pending',
    '1 while a proposed new owner has not accepted yet (Ownable2Step)',
    (f) => (f.pendingOwner ? 1 : 0),
  );
  fact(
    'staking_param_changes_queued',
    'Timelocked parameter changes queued',
    (f) => f.queuedChanges,
  );
  fact(
    'staking_reward_reserved_coins',
    'Reward coin reserved for stakes and their uplines (whole coins)',
    (f) => f.rewardReserved,
  );
  fact(
    'staking_reward_unreserved_coins',
    'Reward coin free for new stakes (whole coins)',
    (f) => f.rewardUnreserved,
  );
  fact(
    'staking_reward_reserved_7d_coins',
    'Reward coin reserved by stakes started in the last 7 days (whole coins)',
    (f) => f.rewardReservedLast7d,
  );
  fact('staking_facts_block', 'Block the staking_* facts were read at', (f) => Number(f.block));
  new Gauge({
    name: 'staking_owner_info',
    help: "The Staking contract's owner (value 1; the address is the label)",
    labelNames: ['chain', 'owner'],
    registers,
    collect() {
      this.reset();
      for (const m of indexers()) {
        if (m.facts) this.set({ chain: String(m.chainId), owner: m.facts.owner }, 1);
      }
    },
  });

  let health: (() => Promise<HealthFacts>) | undefined;
  let rpc: () => RpcStatus[] = () => [];
  if (options.readiness ?? true) {
    new Gauge({
      name: 'app_ready',
      help: '1 when /v1/health/ready would answer 200 (not draining, database up, indexers in time)',
      registers,
      async collect() {
        this.reset();
        const ready = health ? (await health()).ready : undefined;
        if (ready !== undefined) this.set(ready ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: 'dependency_up',
    help: '1 when the dependency answers: postgres (SELECT 1), redis (connection ready), rpc per chain (the last call found a provider that answered; absent before the first call)',
    labelNames: ['dependency', 'chain'],
    registers,
    async collect() {
      this.reset();
      for (const r of rpc()) {
        if (r.up !== null) this.set({ dependency: 'rpc', chain: String(r.chainId) }, r.up ? 1 : 0);
      }
      if (!health) return;
      const h = await health();
      this.set({ dependency: 'postgres' }, h.postgres ? 1 : 0);
      if (h.redis !== undefined) this.set({ dependency: 'redis' }, h.redis ? 1 : 0);
    },
  });
  new Gauge({
    name: 'rpc_provider_in_use',
    help: 'The RPC provider that answered the last call of the chain (value 1): its host, and its place in RPC_URL_<chain> (0 = the primary)',
    labelNames: ['chain', 'provider', 'position'],
    registers,
    collect() {
      this.reset();
      for (const r of rpc()) {
        if (r.provider === null) continue;
        this.set(
          { chain: String(r.chainId), provider: r.provider, position: String(r.position) },
          1,
        );
      }
    },
  });

  // Counters computed at scrape time from the indexer's totals (rate() gives events/s).
  for (const [name, help, value] of [
    ['indexer_events_total', 'Contract events indexed since the process started', 'events'],
    ['indexer_rpc_errors_total', 'Failed or refused JSON-RPC calls of the indexer', 'rpcErrors'],
  ] as const) {
    new Counter({
      name,
      help,
      labelNames: ['chain'],
      registers,
      collect() {
        this.reset();
        for (const m of indexers()) this.inc({ chain: String(m.chainId) }, m[value]);
      },
    });
  }

  return {
    registry,
    watchIndexers(source) {
      indexers = source;
    },
    watchHealth(source) {
      health = source;
    },
    watchRpc(source) {
      rpc = source;
    },
    instrumentHttp(app) {
      app.addHook('onResponse', async (request, reply) => {
        // The route pattern, never the raw URL: label values must stay few.
        const route = request.routeOptions.url ?? 'unmatched';
        const status = reply.statusCode;
        httpDuration.observe(
          { method: request.method, route, status: String(status) },
          reply.elapsedTime / 1000,
        );
        if (status === 429) rateLimited.inc({ route });
        if (loginRoutes.has(route)) {
          logins.inc({
            result: status === 200 ? 'success' : status === 429 ? 'rate_limited' : 'failure',
          });
        }
      });
      app.addHook('onError', async (_request, _reply, error) => {
        if (isDbUnavailable(error)) dbErrors.inc({ kind: 'unavailable' });
        // A SQLSTATE (five characters), not the FST_* codes of Fastify's own errors.
        else if (/^[0-9A-Z]{5}$/.test(pgErrorCode(error) ?? '')) dbErrors.inc({ kind: 'query' });
      });
    },
  };
}
