/**
 * Issue 24 §3: the notice of a queued timelock change names its network in the title, carries the
 * network (`chainId`) so the app lists, counts and marks read ("mark all read") only the selected
 * network's chain notices (plus operator notices), and says where the change stands from what the
 * chain index knows: `executed` at its ParamChanged block's time, `expired` once the indexed
 * chain's time passed eta + grace with no event (at that deadline), `queued` before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import { timelockParams } from '@app/contracts/enums';
import { stakingAbi } from '@app/contracts/generated';
import { insertNotice, TIMELOCK_GRACE_SECONDS } from '../db/queries/notices.ts';
import {
  engines,
  getJson,
  okData,
  postForm,
  signIn,
  startTestServer,
  type TestServer,
} from '../testing/harness.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';

interface Notice {
  id: number;
  kind: string;
  title: string;
  chainId: number | null;
  change: { status: string; at: string | null } | null;
}

const HOUR = 3600;
const param = (name: (typeof timelockParams)[number]) => timelockParams.indexOf(name);

for (const engine of engines()) {
  describe(`timelock notices: network and state (${engine})`, { timeout: 240_000 }, () => {
    let chain: TestChain;
    let server: TestServer;
    let token: string;

    const caughtUp = async () =>
      server.indexers.byChain.get(chain.chainId)!.waitForBlock(await chain.head());
    const list = async (query = '', lang = 'en') =>
      okData(
        await getJson<{ items: Notice[] }>(server.url, `/v1/notice/list${query}`, { Lang: lang }),
      ).items;
    const unread = async (query = '') =>
      okData(
        await getJson<{ count: number }>(server.url, `/v1/notice/unread${query}`, { Token: token }),
      ).count;
    const byTitle = (items: Notice[], title: string) => {
      const found = items.find((n) => n.title === title);
      assert.ok(found, `a notice titled ${title}; got ${items.map((n) => n.title).join(' | ')}`);
      return found;
    };
    const blockTime = async () =>
      new Date(Number((await chain.client.getBlock({ blockTag: 'latest' })).timestamp) * 1000);

    before(async () => {
      chain = await startTestChain(1);
      server = await startTestServer(engine, {
        rpcUrls: { [chain.chainId]: chain.rpcUrl },
        indexerPollMs: 100,
      });
      token = (await signIn(server.url, localAccounts[5]!)).Token;
      await insertNotice(server.db, {
        kind: 'operator',
        texts: { en: { title: 'Maintenance tonight', body: 'Short.' } },
        created_at: new Date(0),
        published_at: new Date(0),
        created_by: null,
      });
    });
    after(async () => {
      await server?.stop();
      await chain?.stop();
    });

    it('names the network in the title; lists and counts by network, operator notices always', async () => {
      await chain.operator.staking('queueParam', [param('feeBps'), 100n]);
      await caughtUp();
      const fee = byTitle(await list(), 'ETH: Exchange fee change scheduled');
      assert.equal(fee.chainId, 1);
      assert.deepEqual(fee.change, { status: 'queued', at: null });
      assert.equal(byTitle(await list(), 'Maintenance tonight').chainId, null);
      assert.equal(byTitle(await list('', 'ar'), 'ETH: تغيير مجدول في رسوم التحويل').chainId, 1);
      // The BSC view: the Ethereum change is not in its list nor its count; the operator's is.
      assert.deepEqual(
        (await list('?chain=BSC')).map((n) => n.title),
        ['Maintenance tonight'],
      );
      assert.equal(await unread('?chain=BSC'), 1);
      assert.equal(await unread('?chain=ETH'), 2);
      assert.equal(await unread(), 2, 'without chain: every notice, as before');

      // "Mark all read" in the BSC view marks what that view lists: the operator's notice, not
      // the Ethereum change, which the ETH bell still counts; without chain, every notice.
      const markAll = async (fields: Record<string, string>) =>
        okData(
          await postForm<{ marked: number; unread: number }>(
            server.url,
            '/v1/notice/read',
            { all: '1', ...fields },
            { Token: token },
          ),
        );
      assert.deepEqual(await markAll({ chain: 'BSC' }), { marked: 1, unread: 0 });
      assert.equal(await unread('?chain=ETH'), 1);
      assert.deepEqual(await markAll({}), { marked: 1, unread: 0 });
      assert.equal(await unread('?chain=ETH'), 0);
    });

    it("the server's grace is the deployed contract's TIMELOCK_GRACE (a restated constant)", async () => {
      const grace = await chain.client.readContract({
        address: chain.deployment.staking,
        abi: stakingAbi,
        functionName: 'TIMELOCK_GRACE',
      });
      assert.equal(BigInt(TIMELOCK_GRACE_SECONDS), grace);
    });

    it('says applied (with the block time) and expired (at eta + grace) from the chain index', async () => {
      await chain.operator.staking('queueParam', [param('nodeLimit'), 150n]);
      await chain.advance(48 * HOUR + 60);
      await chain.operator.staking('executeParam', [param('feeBps')]);
      const executedAt = await blockTime();
      await caughtUp();
      const before = await list();
      assert.deepEqual(byTitle(before, 'ETH: Exchange fee change scheduled').change, {
        status: 'executed',
        at: executedAt.toISOString(),
      });
      const limit = byTitle(before, 'ETH: Number of nodes for sale change scheduled');
      assert.deepEqual(limit.change, { status: 'queued', at: null }, 'still in its grace period');

      // Past eta + 7 days (TIMELOCK_GRACE) with no event: the contract refuses it from then on.
      await chain.advance(7 * 24 * HOUR);
      await chain.mine();
      await caughtUp();
      const [row] = (
        await server.db.query<{ eta: Date }>(
          `SELECT eta FROM timelock_changes WHERE chain_id = 1 AND param = $1`,
          [param('nodeLimit')],
        )
      ).rows;
      const deadline = new Date(row!.eta.getTime() + 7 * 24 * HOUR * 1000);
      assert.deepEqual(byTitle(await list(), limit.title).change, {
        status: 'expired',
        at: deadline.toISOString(),
      });
    });
  });
}
