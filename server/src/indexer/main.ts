/**
 * `npm run indexer -w server`: the chain indexers alone, without the HTTP API — for a PostgreSQL
 * deployment whose API instances run with INDEXER=off. Same environment as the server
 * (DATABASE_URL or PGLITE_DIR, RPC_URL_<chainId>, DEPLOYMENT). Start two and the second waits.
 */
import { configFromEnv, resolveConfig } from '../config.ts';
import { openDb } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { startIndexers } from './run.ts';

const config = resolveConfig({ ...configFromEnv(), indexer: true });
const db = await openDb(config);
await migrate(db);
const indexers = startIndexers(config, db, (level, message) => console[level](message));
if (indexers.byChain.size === 0) {
  console.error('No chain to index: set RPC_URL_1 and/or RPC_URL_56 for chains with a deployment.');
  await db.close();
  process.exit(1);
}
console.log(`indexing chains ${[...indexers.byChain.keys()].join(', ')} (database: ${db.engine})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void indexers
      .stop()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}
