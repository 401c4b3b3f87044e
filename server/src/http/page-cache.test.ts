/**
 * The page cache serves a response again only while the index has not moved: rows written
 * without the cursor moving (which the indexer never does) stay unseen, and the next cursor
 * move shows them. Rows are written straight into the index tables to make that visible.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import { getJson, okData, signIn, startTestServer, type TestServer } from '../testing/harness.ts';

const user = localAccounts[6]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('page cache (pglite)', () => {
  let cached: TestServer;
  let uncached: TestServer;
  const tokens = new Map<TestServer, string>();

  const income = (server: TestServer, block: number) =>
    server.db.query(
      `INSERT INTO income (chain_id, block_number, log_index, address, source, token, amount, tx_hash, block_time)
       VALUES (1, $1, 0, $2, 0, 'reward', 5, '0x01', now())`,
      [block, user.address.toLowerCase()],
    );
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
