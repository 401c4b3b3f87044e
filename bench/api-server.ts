/**
 * The server process bench/api loads: the real API (`app`, on the seeded database from the
 * environment, no indexer) or a bare Fastify hello-world (`bare`) for the same-framework baseline.
 * Prints `listening <url>` when ready.
 *
 * `app` with ADVANCE moves each chain's index one block at that chain's cadence, touching a few
 * users per block as the indexer's commit does (see below). Asked `stats` over the IPC channel, it answers with the page cache's counters.
 */
import Fastify from 'fastify';
import { startServer } from '../server/src/start.ts';

const mode = process.argv[2];
if (mode === 'bare') {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ code: 0, msg: 'Success', data: { hello: 'world' } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(
    `listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  );
} else if (mode === 'app') {
  const server = await startServer({
    port: 0,
    rpcUrls: {},
    deployment: 'local',
    indexer: false,
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: process.env.PGLITE_DIR || undefined,
    // bench/api runs once as deployed and once with PAGE_CACHE=off to show what the queries cost.
    pageCache: process.env.PAGE_CACHE !== 'off',
  });
  // ADVANCE: `chain:ms` pairs (56:450,1:12000): each chain's index moves one block every `ms`, as
  // its chain makes them. Each block touches TOUCHED_PER_BLOCK of the USERS seeded addresses at
  // random and the pool-wide figures, written with the cursor in one statement as the indexer's
  // chunk does (address_touches), so the cache recomputes exactly what a block changes.
  const users = Number(process.env.USERS ?? 0);
  const touchedPerBlock = Number(process.env.TOUCHED_PER_BLOCK ?? 0);
  const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
  for (const pair of (process.env.ADVANCE ?? '').split(',').filter(Boolean)) {
    const [chainId, ms] = pair.split(':').map(Number) as [number, number];
    // In this process: PGlite is open here only. The cache sees it by polling the cursors, as an
    // API-only instance sees another process's indexer.
    const timer = setInterval(() => {
      const touched = Array.from({ length: users ? touchedPerBlock : 0 }, () =>
        address(1 + Math.floor(Math.random() * users)),
      );
      void server.db
        .query(
          `WITH moved AS (
             UPDATE chain_cursors SET block_number = block_number + 1, block_time = now(), updated_at = now()
             WHERE chain_id = $1 RETURNING block_number)
           INSERT INTO address_touches (chain_id, address, block_number)
           SELECT $1, a, (SELECT block_number FROM moved) FROM (SELECT DISTINCT unnest($2::text[]) AS a) t
           ON CONFLICT (chain_id, address) DO UPDATE SET block_number = EXCLUDED.block_number`,
          [chainId, [...touched, '*pool']],
        )
        .catch((e: unknown) => console.error('advance failed', e));
    }, ms);
    timer.unref();
  }
  process.on('message', (message) => {
    if (message === 'stats') process.send?.({ stats: server.pageCacheStats() });
  });
  console.log(`listening ${server.url}`);
  // Close the database cleanly: the next run opens the same PGlite directory.
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
} else {
  console.error('usage: api-server.ts app|bare');
  process.exit(2);
}
