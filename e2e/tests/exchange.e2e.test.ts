/**
 * The Exchange page against the real stack: a stake mines for a day (anvil's clock moved forward),
 * the user collects the mining, sees the quote and exchanges on the local DEX; the net USDC lands
 * in the withdrawable balance within the slippage guard the app set. Also the spec's validation
 * messages (nothing is sent), the hash line of a confirmed transaction on a local chain, and the
 * guard refusing an exchange after the pool moved between the quote and the wallet.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseEther, type Hex } from 'viem';
import { dexSwapGasHeadroom } from '@app/contracts/gas';
import { routerAbi, stakingAbi, wethAbi } from '@app/contracts/generated';
import {
  assertNothingSent,
  busyViewShown,
  confirmOperation,
  decodeCall,
  expectToast,
  goToTab,
  isNumberText,
  openApp,
  openSignedIn,
  sentHashes,
  sentTransactions,
  signIn,
  toastMark,
  waitForText,
  openEverything,
  readTxHash,
  shortAddress,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import {
  accountAddress,
  advanceTime,
  confirmed,
  getAccount,
  parseShown,
  stakeAs,
  stakingCallAs,
  walletOf,
} from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';
import type { Page } from 'playwright-core';

const DAY = 24 * 60 * 60;

/** The page's 'Exchange' button (the tab bar has one of the same name). */
const exchangeButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Exchange', exact: true });

describe('exchanging earnings in the browser', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  test('stake, a day passes, collect mining, exchange on the local DEX', async () => {
    const index = 2;
    const user = accountAddress(index);
    const eth = stack.chains[1];
    const { deployment } = eth;
    await stakeAs(eth, index, '1000');
    await advanceTime(eth, DAY);

    await withSession(
      stack,
      'exchange',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, user, 'Exchange');

        // The pool price is read from the pair: about 3,000 USDC per coin on the seeded pool.
        const ratio = await waitForText(page, 'exchange-ratio', (t) => /USDC/.test(t));
        assert.match(ratio, /^1 WETH ≈ (2,9\d\d|3,0\d\d)(\.\d+)? USDC$/);
        await waitForText(page, 'fee-current', (t) => t.startsWith('Currently free'));
        await waitForText(page, 'free-exchanges', (t) => t === 'Free exchanges left: 5 of 5');
        await waitForText(page, 'faq-empty', (t) => t.includes('not published an FAQ'));

        // A day of mining is pending, nothing is exchangeable yet.
        await waitForText(page, 'exchangeable-amount', (t) => t === '0');
        const pendingText = await waitForText(
          page,
          'pending-mining',
          (t) => isNumberText(t) && t !== '0',
        );
        assert.ok(parseShown(pendingText, 18) > 0n);

        let mark = await outcomeMark(page);
        await page.getByRole('button', { name: 'Collect mining' }).click();
        const harvestSummary = await confirmOperation(page);
        assert.ok(harvestSummary.includes(deployment.staking), 'the summary names the contract');
        await expectReceipt(page, 'Transaction succeeded', mark);
        const harvest = decodeCall(stakingAbi, sentTransactions(wallet, 1)[0]?.data);
        assert.equal(harvest.functionName, 'harvest');
        assert.deepEqual(harvest.args, [user, [0n]], 'harvest(user, [its one position])');

        const earned = (await getAccount(eth, user)).earned;
        assert.ok(earned > 0n, 'mining was credited');
        await waitForText(page, 'exchangeable-amount', (t) => isNumberText(t) && t !== '0');

        // Max fills the whole exchangeable amount; the quote follows.
        await page.getByRole('button', { name: 'Max' }).click();
        await waitForText(page, 'quote-net', (t) => /USDC$/.test(t) && t !== '--');
        await exchangeButton(page).click();
        const dialog = page.getByRole('dialog', { name: 'Confirm operation' });
        await dialog.waitFor();
        // The exact quote and minimum: under 'Everything the wallet will show'.
        await openEverything(dialog);
        const quotedNet = parseShown(await dialog.getByTestId('summary-net').textContent(), 6);
        const shownMin = parseShown(await dialog.getByTestId('summary-min').textContent(), 6);
        assert.equal(shownMin, (quotedNet * 9950n) / 10000n, 'default guard: 0.5% below the quote');
        const before = await getAccount(eth, user);
        mark = await outcomeMark(page);
        await confirmOperation(page);
        await expectReceipt(page, 'Transaction succeeded', mark);

        const exchangeTx = sentTransactions(wallet, 1).at(-1);
        const call = decodeCall(stakingAbi, exchangeTx?.data);
        assert.equal(call.functionName, 'exchange');
        // The app set the swap's gas limit itself: its estimate plus the headroom a pool's price
        // accumulators need when the swap is mined a second after the estimate
        // (@app/contracts/gas). The pool last traded long before, so the estimate already
        // includes those writes and the whole headroom is left over.
        const sentGas = (exchangeTx?.entry.params as Array<{ gas?: string }>)[0]?.gas;
        assert.ok(sentGas, 'the app sends the exchange with a gas limit');
        const exchangeReceipt = await eth.client.getTransactionReceipt({
          hash: sentHashes(wallet).at(-1) as Hex,
        });
        assert.ok(
          BigInt(sentGas) >= exchangeReceipt.gasUsed + dexSwapGasHeadroom,
          `gas limit ${BigInt(sentGas)} = estimate + ${dexSwapGasHeadroom}`,
        );
        const [amountIn, minOut, deadline] = call.args as readonly [bigint, bigint, bigint];
        assert.deepEqual(
          [amountIn, minOut],
          [earned, shownMin],
          'exchange(all earnings, the shown minimum, ·)',
        );
        // The exchange is the latest block: the deadline was set from an earlier or equal time.
        const minedAt = (await eth.client.getBlock()).timestamp;
        assert.ok(
          deadline > minedAt && deadline <= minedAt + 20n * 60n,
          'deadline: 20 minutes from the chain time at signing',
        );

        const afterAccount = await getAccount(eth, user);
        const credited = afterAccount.withdrawable - before.withdrawable;
        assert.ok(credited >= shownMin, 'at least the minimum the user accepted');
        assert.equal(credited, quotedNet, 'nothing moved the pool: exactly the quoted net');
        assert.equal(afterAccount.earned, 0n);
        assert.equal(afterAccount.exchangeCount, 1n);
        await waitForText(page, 'free-exchanges', (t) => t === 'Free exchanges left: 4 of 5');
        await waitForText(page, 'exchangeable-amount', (t) => t === '0');

        // The confirmed transaction's hash stays on screen, short, the whole of it on a tap; a
        // local chain has no explorer link.
        const receipt = page.getByTestId('tx-receipt');
        await receipt.waitFor();
        const sentHash = sentHashes(wallet).at(-1) ?? '';
        assert.deepEqual(await readTxHash(receipt), {
          short: shortAddress(sentHash),
          full: sentHash,
        });
        assert.match(await receipt.getByTestId('tx-explorer').innerText(), /Local test chain/);
        assert.equal(await receipt.locator('a').count(), 0, 'no mainnet explorer link');

        // It stays on the page where the exchange was made, not on the pages the user goes to next.
        const exchangeHash = await page.evaluate(() => window.location.hash);
        await page.evaluate(() => {
          window.location.hash = '#/pages/mine/mine';
        });
        await page.getByTestId('tx-receipt').waitFor({ state: 'detached' });
        await page.evaluate((hash) => {
          window.location.hash = hash;
        }, exchangeHash);
        await page.getByTestId('tx-receipt').waitFor();
      },
    );
  });

  test('quantity required, over the balance, and logged out: the spec messages, nothing sent', async () => {
    const user = accountAddress(3);
    await withSession(
      stack,
      'exchange validation',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url, '/pages/exchange/exchange');
        await exchangeButton(page).click();
        await expectToast(page, 'Please connect the wallet');

        await signIn(page, user);
        await goToTab(page, 'Exchange');
        await waitForText(page, 'exchangeable-amount', (t) => t === '0');
        // Nothing to exchange: the button is off and says why (issue 11 §4), no '--' anywhere.
        assert.equal(await exchangeButton(page).isDisabled(), true);
        await page.getByTestId('nothing-to-exchange').waitFor();
        assert.equal(await page.getByRole('main').getByText('--', { exact: true }).count(), 0);

        // With something to exchange, the spec's messages for a bad quantity.
        const eth = stack.chains[1];
        await stakeAs(eth, 3, '1000');
        await advanceTime(eth, DAY);
        await stakingCallAs(eth, 3, 'harvest', [user, [0n]]);
        await page.reload();
        await waitForText(page, 'exchangeable-amount', (t) => isNumberText(t) && t !== '0');
        const since = wallet.log.length;
        await exchangeButton(page).click();
        await expectToast(page, 'Please enter the exchange quantity');
        await page.getByLabel('Exchange quantity').fill('1000');
        await exchangeButton(page).click();
        await expectToast(page, 'Amount exceeds balance');
        await assertNothingSent(page, wallet, since);
        assert.equal(await page.getByRole('dialog').count(), 0, 'no summary opens');

        // The input refuses more decimals than the coin has (18).
        await page.getByLabel('Exchange quantity').fill('');
        await page.getByLabel('Exchange quantity').pressSequentially('0.1234567890123456789');
        assert.equal(
          await page.getByLabel('Exchange quantity').inputValue(),
          '0.123456789012345678',
        );
      },
    );
  });

  test('the pool moves between the quote and the wallet: the guard refuses, "Transaction Failed!", nothing exchanged', async () => {
    const index = 4;
    const user = accountAddress(index);
    const eth = stack.chains[1];
    const { rewardToken, router, usdc } = eth.deployment;
    await stakeAs(eth, index, '1000');
    await advanceTime(eth, DAY);
    await stakingCallAs(eth, index, 'harvest', [user, [0n]]);
    const before = await getAccount(eth, user);
    assert.ok(before.earned > 0n);

    await withSession(
      stack,
      'exchange refused by the guard',
      { account: user, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, user, 'Exchange');
        await waitForText(page, 'exchangeable-amount', (t) => isNumberText(t) && t !== '0');
        await page.getByRole('button', { name: 'Max' }).click();
        await waitForText(page, 'quote-net', (t) => /USDC$/.test(t) && t !== '--');
        await exchangeButton(page).click();
        await page.getByRole('dialog', { name: 'Confirm operation' }).waitFor();

        // Meanwhile someone sells 200 WETH into the pool: the coin is worth far less now.
        const mover = walletOf(eth, 8);
        const sold = parseEther('200');
        await confirmed(
          eth,
          await mover.writeContract({
            address: rewardToken,
            abi: wethAbi,
            functionName: 'deposit',
            value: sold,
          }),
        );
        await confirmed(
          eth,
          await mover.writeContract({
            address: rewardToken,
            abi: wethAbi,
            functionName: 'approve',
            args: [router, sold],
          }),
        );
        await confirmed(
          eth,
          await mover.writeContract({
            address: router,
            abi: routerAbi,
            functionName: 'swapExactTokensForTokens',
            args: [sold, 0n, [rewardToken, usdc], mover.account.address, 2n ** 48n],
          }),
        );

        const mark = await toastMark(page);
        await confirmOperation(page);
        await expectToast(page, 'Transaction Failed!', 30_000, mark);
        assert.equal(await busyViewShown(page), false);
        const after = await getAccount(eth, user);
        assert.equal(after.earned, before.earned, 'the earnings are all still there');
        assert.equal(after.withdrawable, before.withdrawable);
        assert.equal(after.exchangeCount, 0n);
      },
    );
  });
});
