/** `startServer(config)`: open the database, migrate, build the app, listen (docs/CONTRACTS-OF-WORK.md). */
import { deployments } from '@app/contracts/generated';
import { useProductionDeploymentFile } from '@app/contracts/deployment-file';
import { deriveOrigin, resolveConfig, type ServerConfig } from './config.ts';
import { openDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { pageCache } from './http/page-cache.ts';
import { startIndexers, type Indexers } from './indexer/run.ts';
import { resetIndex } from './indexer/store.ts';
import { parseOrigin } from './auth/siwe.ts';
import type { AuthContext } from './auth/login.ts';

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The server's database handle (tests and tools). */
  db: Db;
  /** The chain indexers this process runs (none when `indexer: false` or no RPC URL). */
  indexers: Indexers;
}

export async function startServer(input: ServerConfig): Promise<RunningServer> {
  const config = resolveConfig(input);
  if (config.deploymentFile) {
    // Before anything reads an address: the production contracts are the file's.
    if (config.deployment !== 'production') {
      throw new Error('DEPLOYMENT_FILE is only read with DEPLOYMENT=production');
    }
    useProductionDeploymentFile(deployments, config.deploymentFile);
  }
  // A configured origin must be a valid URL: fail before opening anything.
  const configuredOrigin = config.appOrigin ? parseOrigin(config.appOrigin) : undefined;
  const db = await openDb(config);
  let indexers: Indexers | undefined;
  try {
    await migrate(db);
    for (const chainId of config.resetIndexOf) await resetIndex(db, chainId);
    // The SIWE origin is known only after listening when the port is 0: fill it in then.
    const auth: AuthContext = { db, config, origin: parseOrigin('http://pending.invalid') };
    const cache = pageCache({ db, now: config.now, enabled: config.pageCache });
    const app = await buildApp(config, db, auth, {
      indexerStatuses: () => indexers?.statuses() ?? [],
      pageCache: cache,
    });
    app.addHook('onClose', async () => cache.close());
    await app.listen({ port: config.port, host: config.host });
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
      async close() {
        if (closed) return;
        closed = true;
        await running.stop();
        await app.close();
        await db.close();
      },
    };
  } catch (err) {
    await indexers?.stop().catch(() => {});
    await db.close().catch(() => {});
    throw err;
  }
}
