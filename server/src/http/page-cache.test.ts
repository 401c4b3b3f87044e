/**
 * The page cache serves a response again only while the index has not moved: rows written
 * without the cursor moving (which the indexer never does) stay unseen, and the next cursor
 * move shows them. Rows are written straight into the index tables to make that visible.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { localAccounts } from '@app/contracts/accounts';
import { pageCache } from './page-cache.ts';
import { getJson, okData, signIn, startTestServer, type TestServer } from '../testing/harness.ts';

const user = localAccounts[6]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('page cache (pglite)', () => {
  let cached: TestServer;
  let uncached: TestServer;
  const tokens = new Map<TestServer, string>();

  // A credit and the sums the indexer keeps with it (the list's total is their count).
  const income = async (server: TestServer, block: number) => {
    await server.db.query(
      `INSERT INTO income (chain_id, block_number, log_index, address, source, token, amount, tx_hash, block_time)
       VALUES (1, $1, 0, $2, 0, 'reward', 5, '0x01', now())`,
      [block, user.address.toLowerCase()],
    );
    await server.db.query(
      `INSERT INTO income_totals (chain_id, address, source, amount, credits) VALUES (1, $1, 0, 5, 1)
       ON CONFLICT (chain_id, address, source)
       DO UPDATE SET amount = income_totals.amount + 5, credits = income_totals.credits + 1`,
      [user.address.toLowerCase()],
    );
  };
  const moveCursor = (server: TestServer, block: number) =>
    server.db.query(
      `INSERT INTO chain_cursors (chain_id, staking, block_number, block_hash, level_thresholds, updated_at)
       VALUES (1, '0x00', $1, '0x00', '{}', now())
       ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number`,
      [block],
    );
  const total = async (server: TestServer) =>
    okData(
      await getJson<{ total: number }>(server.url, '/v1/income/list?chain=1', {
        Token: tokens.get(server)!,
      }),
    ).total;

  before(async () => {
    cached = await startTestServer('pglite');
    uncached = await startTestServer('pglite', { pageCache: false });
    for (const server of [cached, uncached]) {
      tokens.set(server, (await signIn(server.url, user)).Token);
      await moveCursor(server, 10);
      await income(server, 10);
    }
    await sleep(400); // the cache polls the cursor every 250 ms
  });
  after(async () => {
    await cached?.stop();
    await uncached?.stop();
  });

  it('keeps a response until the index moves, then shows what changed', async () => {
    assert.equal(await total(cached), 1);
    await income(cached, 11);
    assert.equal(await total(cached), 1, 'the cursor did not move: the kept response');
    await moveCursor(cached, 11);
    await sleep(400);
    assert.equal(await total(cached), 2);
  });

  it('PAGE_CACHE=off: every request queries', async () => {
    assert.equal(await total(uncached), 1);
    await income(uncached, 11);
    assert.equal(await total(uncached), 2);
  });
});

/** A page cache on its own, in front of a bare Fastify app the test gives routes to. */
async function cacheApp() {
  const server = await startTestServer('pglite');
  const cache = pageCache({ db: server.db, now: () => new Date(), enabled: true });
  const app = Fastify();
  app.decorateRequest('lang', 'en');
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToCheck', null);
  return { server, cache, app };
}

describe('page cache: one computation per page and version', () => {
  it('concurrent first requests share one computation; a failed one is not kept', async () => {
    const { server, cache, app } = await cacheApp();
    let computations = 0;
    let fail = false;
    app.get('/page', (request, reply) =>
      cache.serve(request, reply, 1, async () => {
        computations++;
        await sleep(50);
        if (fail) throw new Error('database down');
        return { computation: computations };
      }),
    );
    try {
      cache.moved(1, '100');
      const burst = async () =>
        Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/page' })));

      const first = await burst();
      assert.equal(computations, 1, 'twenty clients, one computation');
      assert.deepEqual(new Set(first.map((r) => r.json().data.computation)), new Set([1]));

      // The index moves and the recomputation fails: every waiting client gets the error, and
      // the next request tries again instead of being served the failure.
      cache.moved(1, '101');
      fail = true;
      const failed = await burst();
      assert.equal(computations, 2);
      assert.ok(failed.every((r) => r.statusCode === 500));
      fail = false;
      const again = await burst();
      assert.equal(computations, 3);
      assert.ok(again.every((r) => r.json().data.computation === 3));
    } finally {
      cache.close();
      await app.close();
      await server.stop();
    }
  });
});

describe('page cache: memory holds one version per chain', () => {
  it('drops a chain’s kept responses as soon as its index moves, and keeps no stale one', async () => {
    const { server, cache, app } = await cacheApp();
    let release = () => {};
    app.get<{ Params: { chain: string; n: string }; Querystring: { slow?: string } }>(
      '/page/:chain/:n',
      (request, reply) =>
        cache.serve(request, reply, Number(request.params.chain), async () => {
          if (request.query.slow) await new Promise<void>((r) => (release = r));
          return { n: request.params.n };
        }),
    );
    const get = (url: string) => app.inject({ method: 'GET', url });
    try {
      cache.moved(1, '100');
      cache.moved(56, '7');
      for (let n = 0; n < 50; n++) await get(`/page/1/${n}`);
      await get('/page/56/0');
      assert.equal(cache.size(), 51);
      await get('/page/1/0');
      assert.equal(cache.stats().hits, 1, 'kept while the index has not moved');

      // Chain 1 moves: its fifty responses go at once (not when 20,000 have piled up); the
      // other chain's stay.
      cache.moved(1, '101');
      assert.equal(cache.size(), 1);
      await get('/page/1/0');
      assert.deepEqual([cache.stats().hits, cache.size()], [1, 2], 'recomputed, kept anew');

      // A response computed across a move is sent but not kept: it belongs to the old version.
      const slow = get('/page/1/slow?slow=1');
      await sleep(10);
      cache.moved(1, '102');
      release();
      assert.equal((await slow).json().data.n, 'slow');
      assert.equal(cache.size(), 1, 'only chain 56’s response');
    } finally {
      cache.close();
      await app.close();
      await server.stop();
    }
  });
});
