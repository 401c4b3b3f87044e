/** `startServer(config)`: open the database, migrate, build the app, listen (docs/CONTRACTS-OF-WORK.md). */
import { deploymentProblems, useConfiguredDeployment } from './chain/deployment.ts';
import { deriveOrigin, repoRoot, resolveConfig, type ServerConfig } from './config.ts';
import { reloadRpcUrls, type RpcProviders } from './chain/rpc-providers.ts';
import type { Db } from './db/db.ts';
import { migrate, newerSchemaNote } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { pageCache, type PageCacheStats } from './http/page-cache.ts';
import { startIndexers, type Indexers } from './indexer/run.ts';
import { resetIndex } from './indexer/store.ts';
import { parseOrigin } from './auth/siwe.ts';
import type { AuthContext } from './auth/login.ts';
import { openSharedState, type SharedState } from './http/shared-state/redis.ts';
import { createMetrics } from './observability/metrics.ts';
import { serveMetrics, type MetricsServer } from './observability/metrics-server.ts';
import { checkReadiness, type Lifecycle } from './observability/readiness.ts';
import { openDatabase } from './observability/startup.ts';
import type { FastifyBaseLogger } from 'fastify';
import { pino, type Logger } from 'pino';

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The server's database handle (tests and tools). */
  db: Db;
  /** The chain indexers this process runs (none when `indexer: false` or no RPC URL). */
  indexers: Indexers;
  /** GET URL of the Prometheus metrics (only with `metricsPort`). */
  metricsUrl?: string;
  /** The page cache's counters (bench/api reports its hit ratio). */
  pageCacheStats(): PageCacheStats;
  /** The RPC providers in use (switchable while the process runs). */
  rpc: RpcProviders;
  /** Re-reads RPC_URLS_FILE's providers (main.ts calls it on SIGHUP; POST /-/reload on the metrics port). */
  reloadRpc(): ReturnType<typeof reloadRpcUrls>;
}

export async function startServer(input: ServerConfig): Promise<RunningServer> {
  const config = resolveConfig(input);
  // Before anything reads an address: the production contracts may be a deployment file's.
  useConfiguredDeployment(config);
  // A configured origin must be a valid URL: fail before opening anything.
  const configuredOrigin = config.appOrigin ? parseOrigin(config.appOrigin) : undefined;
  // A database that does not answer fails the start here, with where it was looked for.
  const db = await openDatabase(config);
  let indexers: Indexers | undefined;
  let shared: SharedState | undefined;
  let metricsServer: MetricsServer | undefined;
  try {
    const migrated = await migrate(db);
    for (const chainId of config.resetIndexOf) await resetIndex(db, chainId);
    // The SIWE origin is known only after listening when the port is 0: fill it in then.
    const auth: AuthContext = { db, config, origin: parseOrigin('http://pending.invalid') };
    const cache = pageCache({ db, now: config.now, enabled: config.pageCache });
    const lifecycle: Lifecycle = { draining: false };
    // Process-wide collectors (GC, event loop) only where someone scrapes them.
    const metrics = createMetrics({ defaultMetrics: config.metricsPort !== undefined });
    const indexerMetrics = () => [...(indexers?.byChain.values() ?? [])].map((i) => i.metrics());
    metrics.watchIndexers(indexerMetrics);
    metrics.watchRpc(() => config.rpc.status());
    const appLog: { current?: FastifyBaseLogger } = {};
    let startLog: Logger | undefined;
    if (config.redisUrl) {
      shared = await openSharedState(db, {
        url: config.redisUrl,
        prefix: config.redisPrefix,
        // Redis reports before the app (and its logger) exists, e.g. unreachable at start: the same
        // JSON lines then, from a logger of the same shape.
        log: (level, message) => {
          if (!config.logLevel) return;
          (appLog.current ??
            (startLog ??= pino({ level: config.logLevel, base: { process: 'api' } })))[level](
            message,
          );
        },
      });
    }
    metrics.watchHealth(async () => {
      const readiness = await checkReadiness({
        db,
        lifecycle,
        indexers: indexerMetrics,
        maxLagBlocks: config.maxIndexerLagBlocks,
        configurationProblems: () => deploymentProblems(config),
      });
      return {
        ready: readiness.ready,
        postgres: readiness.db === 'ok',
        redis: shared ? shared.redis.status === 'ready' : undefined,
      };
    });
    const app = await buildApp(config, db, auth, {
      indexerStatuses: () => indexers?.statuses() ?? [],
      pageCache: cache,
      shared,
      metrics,
      lifecycle,
      indexerMetrics,
    });
    appLog.current = app.log;
    const newerSchema = newerSchemaNote(migrated);
    if (newerSchema && config.logLevel)
      app.log.warn({ newer: migrated.newerCompatible }, newerSchema);
    // Provider switches (failover, reload) as JSON lines with their fields.
    config.rpc.setLog((level, message, fields) => {
      if (config.logLevel) app.log[level](fields ?? {}, message);
    });
    app.addHook('onClose', async () => cache.close());
    await app.listen({ port: config.port, host: config.host });
    // Served, but not ready until fixed (readiness.ts): said once here, and by /v1/health/ready.
    if (config.logLevel) {
      for (const problem of deploymentProblems(config)) app.log.error(`deployment: ${problem}`);
    }
    // Without a logger (tests) only a stopped indexer is worth a line on stderr.
    indexers = startIndexers(
      config,
      db,
      (level, message) => {
        if (config.logLevel) app.log[level](message);
        else if (level === 'error') console.error(message);
      },
      (chainId, block) => cache.moved(chainId, block),
    );
    const reloadRpc = () =>
      reloadRpcUrls(config.rpc, config.rpcUrlsFile, repoRoot, (level, message, fields) => {
        if (config.logLevel) app.log[level](fields ?? {}, message);
      });
    if (config.metricsPort !== undefined) {
      metricsServer = await serveMetrics(
        metrics.registry,
        config.metricsPort,
        config.metricsHost,
        reloadRpc,
        config.metricsReloadToken,
      );
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = deriveOrigin(config.host, port);
    auth.origin = configuredOrigin ?? parseOrigin(url);
    let closed = false;
    const running = indexers;
    return {
      url,
      port,
      db,
      indexers: running,
      metricsUrl: metricsServer?.url,
      pageCacheStats: () => cache.stats(),
      rpc: config.rpc,
      reloadRpc,
      async close() {
        if (closed) return;
        closed = true;
        // Draining: readiness turns false, the listener stops accepting, requests in flight finish
        // (new ones on kept-alive connections get 503 + Connection: close, which nginx retries on
        // another instance). Whatever still runs after shutdownTimeoutMs has its connection cut.
        lifecycle.draining = true;
        const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdownTimeoutMs);
        try {
          await Promise.all([running.stop(), app.close()]);
        } finally {
          clearTimeout(cut);
        }
        await shared?.close();
        await metricsServer?.close();
        await db.close();
      },
    };
  } catch (err) {
    await indexers?.stop().catch(() => {});
    await shared?.close().catch(() => {});
    await metricsServer?.close().catch(() => {});
    await db.close().catch(() => {});
    throw err;
  }
}
