/**
 * The server process bench/api loads: the real API (`app`, on the seeded database from the
 * environment, no indexer) or a bare Fastify hello-world (`bare`) for the same-framework baseline.
 * Prints `listening <url>` when ready.
 *
 * `app` with ADVANCE_MS moves the index one block every ADVANCE_MS (the cursor's block number, as
 * the indexer's commit does), so the page cache, versioned by the indexed block, starts over each
 * time. Asked `stats` over the IPC channel, it answers with the page cache's counters.
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
  const advanceMs = Number(process.env.ADVANCE_MS ?? 0);
  if (advanceMs > 0) {
    // In this process: PGlite is open here only. The cache sees it by polling the cursors, as an
    // API-only instance sees another process's indexer.
    const timer = setInterval(() => {
      void server.db
        .query(
          'UPDATE chain_cursors SET block_number = block_number + 1, updated_at = now() WHERE chain_id = 1',
        )
        .catch(() => undefined);
    }, advanceMs);
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
