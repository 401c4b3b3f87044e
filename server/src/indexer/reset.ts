/**
 * `npm run index:reset -w server -- <chainId>`: deletes one chain's index (after the local chain
 * was reset, or for a new deployment) so the indexer starts again from the deployment block.
 * Stop the server or indexer first when the database is the embedded PGlite.
 */
import { isSupportedChainId } from '@app/contracts/chains';
import { configFromEnv, resolveConfig } from '../config.ts';
import { openDb } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { resetIndex } from './store.ts';

const chainId = Number(process.argv[2]);
if (!isSupportedChainId(chainId)) {
  console.error('usage: npm run index:reset -w server -- <chainId>   (1 or 56)');
  process.exit(2);
}
const config = resolveConfig(configFromEnv());
const db = await openDb(config);
try {
  await migrate(db);
  await resetIndex(db, chainId);
  console.log(
    `chain ${chainId}: index deleted; the indexer starts again from the deployment block.`,
  );
} finally {
  await db.close();
}
