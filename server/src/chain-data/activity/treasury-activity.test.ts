/**
 * A membership purchase pays into Staking, where its price is owed to the treasury until someone
 * calls `payTreasury`, which sends every proceed accrued so far to the treasury of that block (issue
 * 28 §2). The activity record says so: owed until then, and then when it was paid and to whom, which
 * is not the treasury named at purchase when the treasury changed in between. On a real chain,
 * indexed by the real indexer, read through the page cache (a buyer's kept page must not outlive
 * the payment).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseUnits } from 'viem';
import {
  engines,
  getJson,
  okData,
  signIn,
  startTestServer,
  type TestServer,
} from '../../testing/harness.ts';
import { startTestChain, type Actor, type TestChain } from '../../testing/chain.ts';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TREASURY_PARAM = 6; // IStaking.Param.Treasury
const TIMELOCK_DELAY = 48 * 60 * 60;

for (const engine of engines()) {
  describe(`treasury payments in the activity record (${engine})`, () => {
    let chain: TestChain;
    let server: TestServer;
    let early: Actor;
    let late: Actor;
    let after_: Actor;
    const tokens = new Map<string, string>();

    const membershipLine = async (who: Actor) => {
      const list = okData(
        await getJson<Data>(server.url, '/v1/activity/list?chain=ETH', {
          Token: tokens.get(who.address)!,
        }),
      );
      const rows = list.items.filter((x: Data) => x.type === 'membership');
      assert.equal(rows.length, 1, `one purchase of ${who.address}`);
      return rows[0] as Data;
    };
    const indexed = async () =>
      server.indexers.byChain.get(chain.chainId)!.waitForBlock(await chain.head());
    const buyNode = async (who: Actor) => {
      const price = parseUnits('1000', chain.deployment.usdcDecimals);
      await who.approveUsdc(price);
      await who.staking('purchaseNode', [price]);
    };

    before(async () => {
      chain = await startTestChain(1);
      server = await startTestServer(engine, {
        rpcUrls: { [chain.chainId]: chain.rpcUrl },
        indexerPollMs: 100,
      });
      [early, late, after_] = [chain.account(1), chain.account(2), chain.account(3)];
      for (const who of [early, late, after_]) {
        tokens.set(who.address, (await signIn(server.url, who.account)).Token);
      }
    });
    after(async () => {
      await server?.stop();
      await chain?.stop();
    });

    it('owed to the treasury until paid; then when and to whom, the treasury of the payment', async () => {
      const deployTreasury = chain.operator.address.toLowerCase();
      await buyNode(early);
      await indexed();
      const owed = await membershipLine(early);
      assert.equal(owed.detail.treasury, deployTreasury, 'the treasury at purchase, kept');
      assert.equal(owed.detail.treasuryPaidAt, undefined, 'not paid yet: owed');
      assert.equal(owed.detail.treasuryPaidTo, undefined);

      // The treasury changes (48 h timelock) before the proceeds are paid out.
      const newTreasury = chain.account(7).address;
      await chain.operator.staking('queueParam', [TREASURY_PARAM, BigInt(newTreasury)]);
      await chain.advance(TIMELOCK_DELAY + 1);
      await chain.operator.staking('executeParam', [TREASURY_PARAM]);
      await buyNode(late);
      await indexed();
      // Kept by the page cache across blocks that did not touch the buyer.
      assert.equal((await membershipLine(early)).detail.treasuryPaidAt, undefined);

      const payment = await after_.staking('payTreasury');
      const receipt = await chain.client.getTransactionReceipt({ hash: payment });
      const paidAt = new Date(
        Number((await chain.client.getBlock({ blockNumber: receipt.blockNumber })).timestamp) *
          1000,
      ).toISOString();
      await buyNode(after_);
      await indexed();

      for (const buyer of [early, late]) {
        const paid = await membershipLine(buyer);
        assert.deepEqual(
          [paid.detail.treasuryPaidTo, paid.detail.treasuryPaidAt],
          [newTreasury.toLowerCase(), paidAt],
          `${buyer.address}: paid by the one payment after it, to the treasury of that block`,
        );
      }
      assert.equal((await membershipLine(early)).detail.treasury, deployTreasury);
      assert.equal(
        (await membershipLine(after_)).detail.treasuryPaidAt,
        undefined,
        'bought after the payment: owed again',
      );
    });
  });
}
