/**
 * `npm run indexer -w server`: the chain indexers alone, without the HTTP API — for a PostgreSQL
 * deployment whose API instances run with INDEXER=off. Same environment as the server
 * (DATABASE_URL or PGLITE_DIR, RPC_URL_<chainId> or RPC_URLS_FILE, DEPLOYMENT and DEPLOYMENT_FILE;
 * METRICS_PORT for its /metrics). SIGHUP (or POST /-/reload on the metrics port) re-reads
 * RPC_URLS_FILE's providers.
 * Start two and the second waits.
 */
import { pino } from 'pino';
import { deploymentProblems, useConfiguredDeployment } from '../chain/deployment.ts';
import { reloadRpcUrls, type RpcLog } from '../chain/rpc-providers.ts';
import { configFromEnv, repoRoot, resolveConfig } from '../config.ts';
import { exitIfSchemaTooNew, migrate, newerSchemaNote } from '../db/migrate.ts';
import { createMetrics } from '../observability/metrics.ts';
import { serveMetrics } from '../observability/metrics-server.ts';
import { exitOnSignals } from '../observability/shutdown.ts';
import { exitOnStartFailure, openDatabase } from '../observability/startup.ts';
import { startIndexers } from './run.ts';

const config = (() => {
  try {
    const resolved = resolveConfig({ ...configFromEnv(), indexer: true });
    // The same contracts as the API's: DEPLOYMENT=production reads DEPLOYMENT_FILE.
    useConfiguredDeployment(resolved);
    return resolved;
  } catch (err) {
    return exitOnStartFailure(err, 'indexer');
  }
})();
// JSON lines like the API's (pino), so one log pipeline reads both.
const log = pino({ level: config.logLevel || 'silent', base: { process: 'indexer' } });
// A deployment without the contracts of a chain it has an RPC URL for (say, the placeholder `{}`):
// nothing to index there, and the file is what to fix, not the RPC URLs.
const problems = deploymentProblems(config);
if (problems.length > 0) {
  exitOnStartFailure(new Error(`not indexing: ${problems.join('; ')}`), 'indexer');
}
// Provider switches (failover, reload) as JSON lines with their fields.
const rpcLog: RpcLog = (level, message, fields) => log[level](fields ?? {}, message);
config.rpc.setLog(rpcLog);
// SIGHUP re-reads RPC_URLS_FILE (switching RPC providers without a restart; the outcome is
// logged). Handled from the start: Node's default for SIGHUP ends the process.
process.on('SIGHUP', () => reloadRpcUrls(config.rpc, config.rpcUrlsFile, repoRoot, rpcLog));
// PostgreSQL unreachable at start: one JSON line, exit 75 (observability/startup.ts); a schema
// newer than this code knows: one JSON line, exit 1 (db/migrate.ts).
const db = await openDatabase(config).catch((err: unknown) => exitOnStartFailure(err, 'indexer'));
const migrated = await migrate(db)
  .catch(exitIfSchemaTooNew(log))
  .catch(async (err: unknown) => {
    await db.close().catch(() => {});
    return exitOnStartFailure(err, 'indexer');
  });
const newerSchema = newerSchemaNote(migrated);
if (newerSchema) log.warn({ newer: migrated.newerCompatible }, newerSchema);
const indexers = startIndexers(config, db, (level, message) => log[level](message));
if (indexers.byChain.size === 0) {
  log.error('No chain to index: set RPC_URL_1 and/or RPC_URL_56 for chains with a deployment.');
  await db.close();
  process.exit(1);
}
const metrics = createMetrics({ readiness: false });
metrics.watchIndexers(() => [...indexers.byChain.values()].map((i) => i.metrics()));
// The dependencies of an indexer-only host, for the same alerts as the API's (PostgresUnreachable,
// RpcUnreachable): its database, and each chain's providers.
metrics.watchHealth(async () => ({
  postgres: await db.query('SELECT 1').then(
    () => true,
    () => false,
  ),
}));
metrics.watchRpc(() => config.rpc.status());
const reloadRpc = () => reloadRpcUrls(config.rpc, config.rpcUrlsFile, repoRoot, rpcLog);
const metricsServer =
  config.metricsPort === undefined
    ? undefined
    : await serveMetrics(
        metrics.registry,
        config.metricsPort,
        config.metricsHost,
        reloadRpc,
        config.metricsReloadToken,
      );
log.info(
  `indexing chains ${[...indexers.byChain.keys()].join(', ')} (database: ${db.engine}${metricsServer ? `, metrics: ${metricsServer.url}` : ''})`,
);

exitOnSignals(
  async () => {
    await indexers.stop();
    await metricsServer?.close();
    await db.close();
  },
  { log: (message) => log.info(message) },
);
