/**
 * The page cache serves a user's page again for as long as no block has touched that user: the
 * indexer marks the addresses each chunk changes (address_touches, indexer/store.ts writeTouches)
 * with the cursor, and the cache reads the marks. Rows are written straight into the index tables,
 * with the indexer's own marking, to make what is kept visible: a row written for a user the block
 * does not mark stays unseen while that user's page is reused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { localAccounts } from '@app/contracts/accounts';
import { pageCache } from './page-cache.ts';
import { buildChunk, type ChunkContext } from '../indexer/chunk.ts';
import { writeTouches } from '../indexer/store.ts';
import type { Queryable } from '../db/db.ts';
import type { IncomeRow } from '../chain-data/income/index.ts';
import { getJson, okData, signIn, startTestServer, type TestServer } from '../testing/harness.ts';

const alice = localAccounts[6]!.address.toLowerCase();
const bob = localAccounts[7]!.address.toLowerCase();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for `check` to hold (the cache reads the marks every 250 ms), at most 10 s. */
async function until(check: () => Promise<boolean>, what: string) {
  for (const t0 = Date.now(); Date.now() - t0 < 10_000; await sleep(50)) {
    if (await check()) return;
  }
  assert.fail(`timed out waiting for ${what}`);
}

/** An income credit for `address` at `block` and the sums the indexer keeps with it. */
async function credit(q: Queryable, address: string, block: number, log: number) {
  await q.query(
    `INSERT INTO income (chain_id, block_number, log_index, address, source, token, amount, tx_hash, block_time)
     VALUES (1, $1, $3, $2, 0, 'reward', 5, '0x01', now())`,
    [block, address, log],
  );
  await q.query(
    `INSERT INTO income_totals (chain_id, address, source, amount, credits) VALUES (1, $1, 0, 5, 1)
     ON CONFLICT (chain_id, address, source)
     DO UPDATE SET amount = income_totals.amount + 5, credits = income_totals.credits + 1`,
    [address],
  );
}

/**
 * One indexed block, as the indexer commits it: in one transaction, the credits of `credited`,
 * the indexer's marks for them (writeTouches), and the cursor. `unmarked` get a credit the block
 * does not mark (which the indexer never does): it shows whether their kept page was reused.
 */
async function block(server: TestServer, n: number, credited: string[], unmarked: string[] = []) {
  await server.db.transaction(async (tx) => {
    const w = buildChunk({ usdcDecimals: 6, usdcIsToken0: true } as ChunkContext, [], new Map());
    for (const [log, address] of [...credited, ...unmarked].entries()) {
      await credit(tx, address, n, log);
    }
    w.income.push(...credited.map((address) => ({ address }) as IncomeRow));
    await writeTouches(tx, 1, BigInt(n), w);
    await tx.query(
      `INSERT INTO chain_cursors (chain_id, staking, block_number, block_hash, block_time, level_thresholds, updated_at)
       VALUES (1, '0x00', $1, '0x00', $2, '{}', now())
       ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_time = EXCLUDED.block_time`,
      [n, new Date(Date.UTC(2026, 0, 1) + n * 1000)],
    );
  });
}

describe('page cache (pglite)', () => {
  let cached: TestServer;
  let uncached: TestServer;
  const tokens = new Map<string, string>();

  const list = async (server: TestServer, who: string) =>
    okData(
      await getJson<{ total: number; indexed: { block: string } }>(
        server.url,
        '/v1/income/list?chain=1',
        { Token: tokens.get(`${server.url}|${who}`)! },
      ),
    );

  before(async () => {
    cached = await startTestServer('pglite');
    uncached = await startTestServer('pglite', { pageCache: false });
    for (const server of [cached, uncached]) {
      for (const account of [localAccounts[6]!, localAccounts[7]!]) {
        const { Token } = await signIn(server.url, account);
        tokens.set(`${server.url}|${account.address.toLowerCase()}`, Token);
      }
      await block(server, 10, [alice, bob]);
    }
    await until(async () => (await list(cached, alice)).indexed?.block === '10', 'block 10');
  });
  after(async () => {
    await cached?.stop();
    await uncached?.stop();
  });

  it('a block that touches a user shows at once on their page; an untouched user’s page is reused', async () => {
    assert.equal((await list(cached, alice)).total, 1);
    assert.equal((await list(cached, bob)).total, 1);
    // Kept now: asked again within the block, neither is computed again.
    const kept = cached.pageCacheStats();
    await list(cached, alice);
    await list(cached, bob);
    assert.equal(cached.pageCacheStats().misses, kept.misses);

    // Block 11 credits alice (marked) and, as a probe, bob without marking him.
    await block(cached, 11, [alice], [bob]);
    await until(async () => (await list(cached, alice)).total === 2, 'alice’s new credit');
    const before = cached.pageCacheStats();
    const bobsPage = await list(cached, bob);
    assert.equal(bobsPage.total, 1, 'bob’s page from block 10, reused: block 11 did not touch him');
    assert.equal(bobsPage.indexed.block, '11', 'sent with the newest block it is true at');
    assert.deepEqual(
      [cached.pageCacheStats().hits - before.hits, cached.pageCacheStats().misses - before.misses],
      [1, 0],
      'a hit, no computation',
    );

    // Blocks 12-14 touch nobody: both pages stay kept. Block 15 touches bob: his page shows both
    // credits (the probe's and block 15's).
    for (const n of [12, 13, 14]) await block(cached, n, []);
    await until(async () => (await list(cached, bob)).indexed.block === '14', 'block 14');
    const quiet = cached.pageCacheStats();
    assert.equal((await list(cached, alice)).total, 2);
    assert.equal(cached.pageCacheStats().misses, quiet.misses, 'empty blocks recompute nothing');
    await block(cached, 15, [bob]);
    await until(async () => (await list(cached, bob)).total === 3, 'bob’s credits');
  });

  it('PAGE_CACHE=off: every request queries', async () => {
    assert.equal((await list(uncached, bob)).total, 1);
    await block(uncached, 11, [], [bob]);
    assert.equal((await list(uncached, bob)).total, 2);
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
  /** Chain 1's index at `n`, touching the pool-wide and every page (`*all`), then read. */
  const move = async (n: number) => {
    await block(server, n, []);
    await server.db.query(
      `INSERT INTO address_touches VALUES (1, '*all', $1)
       ON CONFLICT (chain_id, address) DO UPDATE SET block_number = EXCLUDED.block_number`,
      [n],
    );
    await cache.poll();
  };
  return { server, cache, app, move };
}

describe('page cache: one computation per page and version', () => {
  it('concurrent first requests share one computation; a failed one is not kept', async () => {
    const { server, cache, app, move } = await cacheApp();
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
      await move(100);
      const burst = async () =>
        Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/page' })));

      const first = await burst();
      assert.equal(computations, 1, 'twenty clients, one computation');
      assert.deepEqual(new Set(first.map((r) => r.json().data.computation)), new Set([1]));

      // The index moves and the recomputation fails: every waiting client gets the error, and
      // the next request tries again instead of being served the failure.
      await move(101);
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

describe('page cache: memory', () => {
  it('keeps at most maxEntries per chain, and nothing across a re-index', async () => {
    const server = await startTestServer('pglite');
    const cache = pageCache({
      db: server.db,
      now: () => new Date(),
      enabled: true,
      maxEntries: 10,
    });
    const app = Fastify();
    app.decorateRequest('lang', 'en');
    app.decorateRequest('session', null);
    app.decorateRequest('sessionToCheck', null);
    let computations = 0;
    app.get<{ Params: { n: string } }>('/page/:n', (request, reply) =>
      cache.serve(request, reply, 1, async () => ({ n: request.params.n, c: ++computations })),
    );
    const get = (n: number) => app.inject({ method: 'GET', url: `/page/${n}` });
    try {
      await block(server, 100, []);
      await cache.poll();
      for (let n = 0; n < 50; n++) await get(n);
      assert.equal(cache.size(), 10, 'the least recently used went');
      await get(49);
      assert.equal(computations, 50, 'a recent one is kept');
      // A reset and re-index: the cursor goes back; nothing kept is served.
      await server.db.query('UPDATE chain_cursors SET block_number = 5');
      await cache.poll();
      assert.equal(cache.size(), 0);
      await get(49);
      assert.equal(computations, 51);
    } finally {
      cache.close();
      await app.close();
      await server.stop();
    }
  });
});
