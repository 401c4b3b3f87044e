/**
 * Nodes and founders on the Mine page against the real stack: buying a node and upgrading it to a
 * founder seat approves exactly the price (or the difference) and nothing more, the USDC goes from
 * the user's wallet into the proceeds Staking holds for the operator's treasury, and the flags change; an allowance that already
 * covers the price skips the approval; a sold-out offer is disabled with a clear text. The activity
 * record shows each price as owed to the treasury until `payTreasury`, then when and to whom it was paid.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { stakingAbi, usdcAbi } from '@app/contracts/generated';
import { timelockParams } from '@app/contracts/enums';
import {
  confirmOperation,
  decodeCall,
  expectToast,
  openSignedIn,
  sentTransactions,
  shortAddress,
  STEP_MS,
  toastMark,
  waitForText,
  openEverything,
  readAddress,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import {
  accountAddress,
  advanceTime,
  approveAs,
  getAccount,
  stakingCallAs,
  usdc,
  usdcAllowance,
  usdcBalance,
} from '../chain.ts';
import { openPage } from '../data.ts';
import { startStack, withSession, type Stack } from '../harness.ts';

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('nodes and founders in the browser', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  const nodeSold = () =>
    stack.chains[1].client.readContract({
      address: stack.chains[1].deployment.staking,
      abi: stakingAbi,
      functionName: 'nodeSold',
    });

  /**
   * The detail lines (after the title and amount) of the activity rows of purchases, newest first,
   * once `ready` holds: the page is opened again until the indexer has caught up.
   */
  const membershipLines = async (
    page: Page,
    ready: (lines: string[][]) => boolean,
  ): Promise<string[][]> => {
    let lines: string[][] = [];
    for (const deadline = Date.now() + STEP_MS; Date.now() < deadline;) {
      await openPage(page, '/pages/activity/activity', 'Activity record');
      await page.getByTestId('activity-row').first().waitFor({ timeout: STEP_MS });
      lines = await page
        .locator('[data-testid="activity-row"][data-type="membership"]')
        .evaluateAll((rows) =>
          rows.map((row) =>
            [...row.querySelectorAll('.row__meta > span:not([data-testid="tx-hash"])')].map(
              (span) => (span as HTMLElement).innerText.trim(),
            ),
          ),
        );
      if (ready(lines)) return lines;
      await openPage(page, '/pages/withdraws/withdraws', 'Withdrawal history');
    }
    assert.fail(`activity lines of the purchases not as expected: ${JSON.stringify(lines)}`);
  };

  test('buy a node, then upgrade to founder: exact approvals, paid to the treasury', async () => {
    const user = accountAddress(6);
    const eth = stack.chains[1];
    const { deployment } = eth;
    const treasury = await eth.client.readContract({
      address: deployment.staking,
      abi: stakingAbi,
      functionName: 'treasury',
    });

    await withSession(
      stack,
      'buy node and upgrade',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, user, 'Mine');
        await waitForText(page, 'membership-status', (t) => t === 'No membership');
        await waitForText(page, 'node-price', (t) => t === '1,000 USDC');
        await waitForText(page, 'node-remaining', (t) => t === '100');
        // The treasury as <Address>: 4...4, the whole address on tap.
        assert.deepEqual(await readAddress(page.getByTestId('treasury-address')), {
          short: shortAddress(treasury),
          full: treasury,
        });

        // ---- node: approve exactly 1,000 USDC, then purchaseNode ------------------------------
        const userBefore = await usdcBalance(eth, user);
        // Purchases pay into Staking, where the proceeds wait for `payTreasury`.
        const treasuryProceeds = () =>
          eth.client.readContract({
            address: deployment.staking,
            abi: stakingAbi,
            functionName: 'treasuryProceeds',
          });
        const treasuryBefore = await treasuryProceeds();
        let mark = await outcomeMark(page);
        await page.getByTestId('buy-node').click();
        const dialog = page.getByRole('dialog', { name: 'Confirm operation' });
        await dialog.waitFor();
        await openEverything(dialog);
        assert.equal((await dialog.getByTestId('summary-treasury').innerText()).trim(), treasury);
        assert.match(await dialog.innerText(), /treasury/);
        await confirmOperation(page);
        await expectReceipt(page, 'Transaction succeeded', mark);

        const nodeTxs = sentTransactions(wallet, 1);
        assert.deepEqual(
          nodeTxs.map((tx) => tx.to?.toLowerCase()),
          [deployment.usdc.toLowerCase(), deployment.staking.toLowerCase()],
        );
        const approve = decodeCall(usdcAbi, nodeTxs[0]?.data);
        assert.equal(approve.functionName, 'approve');
        assert.deepEqual(
          approve.args,
          [deployment.staking, usdc(eth, '1000')],
          'exactly the price',
        );
        const nodeCall = decodeCall(stakingAbi, nodeTxs[1]?.data);
        assert.equal(nodeCall.functionName, 'purchaseNode');
        assert.deepEqual(nodeCall.args, [usdc(eth, '1000')], 'maxPrice: the price shown');

        assert.equal(userBefore - (await usdcBalance(eth, user)), usdc(eth, '1000'));
        assert.equal((await treasuryProceeds()) - treasuryBefore, usdc(eth, '1000'));
        assert.equal(await usdcAllowance(eth, user), 0n, 'the approval is used up exactly');
        let account = await getAccount(eth, user);
        assert.equal(account.membership, 1);
        assert.equal(account.purchasedNode, true);
        assert.equal(account.purchasedFounder, false);
        await waitForText(page, 'membership-status', (t) => t === 'Node address');
        await waitForText(page, 'node-sold', (t) => t === '1 of 100');

        // ---- upgrade: approve exactly the difference (4,000 USDC), then upgradeNodeToFounder ---
        const upgrade = page.getByTestId('upgrade-founder');
        assert.match(await upgrade.innerText(), /4,000 USDC/);
        mark = await outcomeMark(page);
        await upgrade.click();
        assert.match(await confirmOperation(page), /difference of 4,000 USDC/);
        await expectReceipt(page, 'Transaction succeeded', mark);
        const upgradeTxs = sentTransactions(wallet, 1).slice(2);
        assert.equal(upgradeTxs.length, 2);
        assert.deepEqual(decodeCall(usdcAbi, upgradeTxs[0]?.data).args, [
          deployment.staking,
          usdc(eth, '4000'),
        ]);
        const upgradeCall = decodeCall(stakingAbi, upgradeTxs[1]?.data);
        assert.equal(upgradeCall.functionName, 'upgradeNodeToFounder');
        assert.deepEqual(upgradeCall.args, [usdc(eth, '4000')], 'maxPrice: the price shown');
        assert.equal(userBefore - (await usdcBalance(eth, user)), usdc(eth, '5000'));
        assert.equal((await treasuryProceeds()) - treasuryBefore, usdc(eth, '5000'));
        assert.equal(await usdcAllowance(eth, user), 0n);
        account = await getAccount(eth, user);
        assert.equal(account.membership, 2);
        assert.equal(account.purchasedNode, true);
        assert.equal(account.purchasedFounder, true);
        await waitForText(page, 'membership-status', (t) => t === 'Founding address');
        await waitForText(page, 'founder-sold', (t) => t === '1 of 20');
        assert.equal(await page.getByTestId('buy-node').count(), 0, 'a member cannot buy again');

        // ---- the activity record: both prices owed to the treasury, then paid, when and to whom --
        const owed = 'Owed to the treasury; held in the staking contract until it is paid out';
        assert.deepEqual(await membershipLines(page, (lines) => lines.length === 2), [
          ['Upgrade from node to founder', owed],
          ['Node', owed],
        ]);
        await stakingCallAs(eth, 5, 'payTreasury', []); // anyone may send it
        const paid = new RegExp(
          `^Owed to the treasury; paid out .*\\d{4}.* to ${literal(shortAddress(treasury))}$`,
        );
        const lines = await membershipLines(page, (shown) =>
          shown.every((row) => row[1] !== undefined && paid.test(row[1])),
        );
        assert.deepEqual(
          lines.map((row) => row[0]),
          ['Upgrade from node to founder', 'Node'],
        );
      },
    );
  });

  test('an allowance that already covers the price skips the approval; sold out is disabled', async () => {
    const eth = stack.chains[1];
    const { deployment } = eth;
    const buyer = accountAddress(9);
    await approveAs(eth, 9, deployment.staking, usdc(eth, '1000'));

    await withSession(
      stack,
      'node without approve',
      { account: buyer, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, buyer, 'Mine');
        const mark = await outcomeMark(page);
        await page.getByTestId('buy-node').click();
        await confirmOperation(page);
        await expectReceipt(page, 'Transaction succeeded', mark);
        const txs = sentTransactions(wallet, 1);
        assert.equal(txs.length, 1, 'only the purchase: the allowance already covered the price');
        assert.equal(decodeCall(stakingAbi, txs[0]?.data).functionName, 'purchaseNode');
        assert.equal(await usdcAllowance(eth, buyer), 0n);
        assert.equal((await getAccount(eth, buyer)).membership, 1);
      },
    );

    // The operator lowers the node limit to the number sold (timelock: queue, 48 hours, execute).
    const sold = await nodeSold();
    await stakingCallAs(eth, 0, 'queueParam', [3, sold]);
    await advanceTime(eth, 48 * 60 * 60 + 1);
    await stakingCallAs(eth, 0, 'executeParam', [3]);

    const other = accountAddress(8);
    await withSession(
      stack,
      'sold out',
      { account: other, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, other, 'Mine');
        await waitForText(page, 'node-remaining', (t) => t === '0');
        await page.getByTestId('buy-node-blocked').waitFor({ timeout: STEP_MS });
        assert.equal(
          (await page.getByTestId('buy-node-blocked').innerText()).trim(),
          'Sold out: every node has been sold',
        );
        assert.equal(await page.getByTestId('buy-node').isDisabled(), true);
        assert.equal(await page.getByTestId('buy-founder').isEnabled(), true);
      },
    );
  });

  test('a price that rises while the summary is open: the purchase is refused with the reason and nothing is paid', async () => {
    const eth = stack.chains[1];
    const { deployment } = eth;
    const buyer = accountAddress(7);
    const founderPrice = timelockParams.indexOf('founderPrice');
    // Queued and past its delay before the page opens; executed while the user reads the summary.
    await stakingCallAs(eth, 0, 'queueParam', [founderPrice, usdc(eth, '6000')]);
    await advanceTime(eth, 48 * 60 * 60 + 1);

    await withSession(
      stack,
      'price rose before mining',
      { account: buyer, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, buyer, 'Mine');
        await waitForText(page, 'founder-price', (t) => t === '5,000 USDC');
        const before = await usdcBalance(eth, buyer);
        const mark = await toastMark(page);
        await page.getByTestId('buy-founder').click();
        await page.getByRole('dialog', { name: 'Confirm operation' }).waitFor();
        await stakingCallAs(eth, 0, 'executeParam', [founderPrice]);
        await confirmOperation(page);
        await expectToast(
          page,
          'The price changed after it was shown to you, so the purchase was refused and nothing was paid. Check the new price and try again.',
          30_000,
          mark,
        );
        const purchase = sentTransactions(wallet, 1)
          .filter((tx) => tx.to?.toLowerCase() === deployment.staking.toLowerCase())
          .map((tx) => decodeCall(stakingAbi, tx.data))
          .find((call) => call.functionName === 'purchaseFounder');
        // Sent or only estimated, the call carried the price the page showed.
        if (purchase) assert.deepEqual(purchase.args, [usdc(eth, '5000')]);
        assert.equal(await usdcBalance(eth, buyer), before, 'nothing paid');
        assert.equal((await getAccount(eth, buyer)).membership, 0);
        await waitForText(page, 'founder-price', (t) => t === '6,000 USDC');
      },
    );
  });
});
