/**
 * The server process bench/api loads: the real API (`app`, on the seeded database from the
 * environment, no indexer) or a bare Fastify hello-world (`bare`) for the same-framework baseline.
 * Prints `listening <url>` when ready.
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
  console.log(`listening ${server.url}`);
  // Close the database cleanly: the next run opens the same PGlite directory.
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
} else {
  console.error('usage: api-server.ts app|bare');
  process.exit(2);
}
