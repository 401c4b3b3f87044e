/**
 * `npm run sessions:revoke -w server -- <address>`, with the production env (DATABASE_URL,
 * REDIS_URL, REDIS_PREFIX): ends every session of that address on every instance at once.
 */
import { configFromEnv, resolveConfig } from '../config.ts';
import { openDb } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { revokeSessionsOf } from './revoke-address.ts';

const address = process.argv[2] ?? '';
if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
  console.error('usage: npm run sessions:revoke -w server -- <address>');
  process.exit(2);
}
const config = resolveConfig(configFromEnv());
const db = await openDb(config);
try {
  await migrate(db);
  const redis = config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined;
  const result = await revokeSessionsOf(db, address, new Date(), redis);
  console.log(
    `${address}: ${result.sessions} session(s) revoked${
      result.broadcast
        ? '; every instance was told through Redis'
        : ' (no REDIS_URL: instances drop cached sessions within 30 s)'
    }.`,
  );
} finally {
  await db.close();
}
