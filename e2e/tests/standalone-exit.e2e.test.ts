/**
 * Issue 18 §3: exit without us. The operator's API server (and its /rpc) is stopped; the
 * standalone build is served by a plain static server on another port, under a sub-path. With an
 * RPC URL the user sets, users take every exit the contract offers through the app, from the chain
 * alone: a member collects mining (harvest), exchanges part of it (the summary shows the minimum and
 * the deadline it signs), withdraws the rest as the coin itself (withdrawRewardCoin), claims the
 * dividend other users' exchange fees paid (claimDividends) and withdraws the USDC (withdraw); a
 * user whose term ended withdraws the principal, and another does while the pool is paused. Pages
 * of indexed records say they need the operator's server. The pages ask nothing of any host but
 * the static one and the user's RPC.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { erc20Abi, formatUnits, maxUint256, parseUnits, type Address, type Hex } from 'viem';
import { timelockParams } from '@app/contracts/enums';
import { stakingAbi } from '@app/contracts/generated';
import {
  chooseE2eWallet,
  closeTo,
  isNumberText,
  confirmOperation,
  decodeCall,
  expectToast,
  sentHashes,
  sentTransactions,
  shortAddress,
  STEP_MS,
  toastMark,
  waitForText,
  openEverything,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import {
  accountAddress,
  advanceTime,
  approveAs,
  getAccount,
  parseShown,
  stakeAs,
  stakingCallAs,
  usdc,
  usdcBalance,
} from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';
import { serveStatic } from '../static-server.ts';
// @ts-expect-error: a plain .mjs script of the web workspace (no type declarations).
import { buildStandalone } from '../../web/scripts/build-standalone.mjs';

const DAY = 24 * 60 * 60;

async function go(page: Page, hashPath: string) {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${hashPath}`);
}

/** A button of the page's main area (the tab bar has buttons of the same names). */
const mainButton = (page: Page, name: string) =>
  page.getByRole('main').getByRole('button', { name, exact: true });

/** Base units as the decimal text a user types. */
const formatCoin = (value: bigint) => formatUnits(value, 18);

/**
 * Waits (one fee refresh at most) until the Claim dialog's fee equals what the chain gives for
 * claimDividends() from `member` now, to the display rule's 4 significant digits.
 */
async function expectClaimFee(dialog: Locator, eth: Stack['chains'][1], member: Address) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const text = await dialog.getByTestId('network-fee-coin').innerText({ timeout: STEP_MS });
    const [gas, fees] = await Promise.all([
      eth.client.estimateContractGas({
        address: eth.deployment.staking,
        abi: stakingAbi,
        functionName: 'claimDividends',
        account: member,
      }),
      eth.client.estimateFeesPerGas(),
    ]);
    const expected = gas * fees.maxFeePerGas;
    const shown = parseUnits(text.replace(/[^\d.]/g, ''), 18);
    const gap = shown > expected ? shown - expected : expected - shown;
    assert.match(text, /ETH/);
    if (gap * 1000n <= expected) return;
    if (Date.now() > deadline) assert.fail(`Claim's fee ${text}, the chain's ${expected} wei`);
    await dialog.page().waitForTimeout(1000);
  }
}

describe('exit without us: the standalone build', { timeout: 600_000 }, () => {
  let stack: Stack;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let buildDir: string;

  before(async () => {
    buildDir = mkdtempSync(join(tmpdir(), 'e2e-standalone-'));
    [stack] = await Promise.all([
      startStack(),
      (buildStandalone as (dir: string, env: object) => Promise<string>)(buildDir, {
        VITE_DEPLOYMENT: 'local',
      }),
    ]);
    site = await serveStatic(buildDir, '/mirror/app/');
  });

  after(async () => {
    await site?.close();
    await stack?.stop();
    rmSync(buildDir, { recursive: true, force: true });
  });

  /** Every URL the pages asked for that is neither the static host nor the user's RPC. */
  const elsewhere: string[] = [];

  /** Opens the standalone app, saves the user's RPC for ETH, opens Serve and connects the wallet. */
  async function openWithOwnRpc(page: Page, user: Address) {
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(site.url) && !url.startsWith(stack.chains[1].rpcUrl)) elsewhere.push(url);
    });
    await page.goto(site.url);
    await page.getByTestId('standalone-intro').waitFor({ timeout: STEP_MS });
    await go(page, '/pages/settings/rpc');
    const card = page.getByTestId('rpc-settings-1');
    await card.getByLabel('Your RPC URL for ETH').fill(stack.chains[1].rpcUrl);
    const mark = await toastMark(page);
    await card.getByRole('button', { name: 'Check and save' }).click();
    await expectToast(page, 'Saved: it answered for ETH', STEP_MS, mark);
    await go(page, '/pages/serve/serve');
    await chooseE2eWallet(page);
    await page
      .getByTestId('wallet-button')
      .filter({ hasText: shortAddress(user) })
      .waitFor({ timeout: STEP_MS });
  }

  test('the API server stopped: every exit, from the chain alone', async () => {
    const eth = stack.chains[1];
    const { deployment } = eth;
    const [ended, running, member, trader] = [6, 7, 2, 3].map(accountAddress) as [
      Address,
      Address,
      Address,
      Address,
    ];
    // Seeded through the chain: a member (a node) who staked, and a trader whose exchanges pay a
    // fee (1%, queued by the owner and executed after the timelock) that the member shares.
    await stakeAs(eth, 6, '150');
    await stakeAs(eth, 2, '1000');
    await approveAs(eth, 2, deployment.staking, usdc(eth, '1000'));
    await stakingCallAs(eth, 2, 'purchaseNode', [usdc(eth, '1000')]);
    await stakeAs(eth, 3, '10000');
    const feeBps = BigInt(timelockParams.indexOf('feeBps'));
    await stakingCallAs(eth, 0, 'queueParam', [feeBps, 100n]);
    // The change is executable after its 48-hour delay and expires a while later: executed at once.
    await advanceTime(eth, 2 * DAY + 1);
    await stakingCallAs(eth, 0, 'executeParam', [feeBps]);
    await advanceTime(eth, 29 * DAY);
    await stakingCallAs(eth, 3, 'harvest', [trader, [0n]]);
    // The first five exchanges are free; the sixth pays the fee.
    const tiny = 10n ** 12n;
    for (let i = 0; i < 5; i++) await stakingCallAs(eth, 3, 'exchange', [tiny, 0n, maxUint256]);
    const traderEarned = (await getAccount(eth, trader)).earned;
    await stakingCallAs(eth, 3, 'exchange', [traderEarned, 0n, maxUint256]);
    const dividend = (await getAccount(eth, member)).pendingDividend;
    assert.ok(dividend > 0n, "the trader's fee left the member a dividend");
    const formatUsdc = (value: bigint) => formatUnits(value, deployment.usdcDecimals);
    const coinBalance = (owner: Address) =>
      eth.client.readContract({
        address: deployment.rewardToken,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      });
    await stakeAs(eth, 7, '200');
    // The operator's site is gone: its API and its /rpc proxy no longer answer.
    await stack.server.close();
    await assert.rejects(fetch(`${stack.server.url}/v1/health`));

    await withSession(
      stack,
      'standalone term ended',
      { account: ended, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openWithOwnRpc(page, ended);
        const row = page.getByTestId('position-row').first();
        await row.getByTestId('withdraw-principal').waitFor({ timeout: STEP_MS });
        assert.match(await page.getByTestId('read-source').innerText(), /your RPC 127\.0\.0\.1/);
        const before = await usdcBalance(eth, ended);
        const mark = await outcomeMark(page);
        await row.getByTestId('withdraw-principal').click();
        assert.match(await confirmOperation(page), /150 USDC/);
        await expectReceipt(page, 'Transaction succeeded', mark);
        assert.equal((await usdcBalance(eth, ended)) - before, usdc(eth, '150'));
        const call = decodeCall(stakingAbi, sentTransactions(wallet, 1).at(-1)?.data);
        assert.equal(call.functionName, 'withdrawPrincipal');
        assert.deepEqual(call.args, [0n]);

        // Balances from the chain alone; the income list says it needs the operator's server.
        await go(page, '/pages/mine/mine');
        await waitForText(page, 'mine-withdrawable', (t) => t === '0');
        await go(page, '/pages/income/income');
        assert.match(
          await page.getByTestId('needs-server').innerText({ timeout: STEP_MS }),
          /needs the operator's server/,
        );
        assert.equal(await page.getByTestId('no-network').count(), 0);
      },
    );

    await withSession(
      stack,
      'standalone member exits',
      { account: member, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openWithOwnRpc(page, member);
        const sent = () => sentTransactions(wallet, 1).at(-1);

        // harvest: Collect mining, its summary, then the coin is exchangeable.
        await go(page, '/pages/exchange/exchange');
        await waitForText(page, 'exchangeable-amount', (t) => t === '0');
        await waitForText(page, 'pending-mining', (t) => isNumberText(t) && t !== '0');
        let mark = await outcomeMark(page);
        await mainButton(page, 'Collect mining').click();
        const harvestSummary = await confirmOperation(page);
        assert.ok(harvestSummary.includes(deployment.staking), 'the summary names the contract');
        assert.match(harvestSummary, /1 position/);
        await expectReceipt(page, 'Transaction succeeded', mark);
        const harvest = decodeCall(stakingAbi, sent()?.data);
        assert.equal(harvest.functionName, 'harvest');
        assert.deepEqual(harvest.args, [member, [0n]]);
        const earned = (await getAccount(eth, member)).earned;
        assert.ok(earned > 0n, 'mining was credited');
        await waitForText(page, 'exchangeable-amount', (t) => isNumberText(t) && t !== '0');

        // exchange half: the summary shows the quote, the minimum and the deadline it signs.
        const half = earned / 2n;
        await page.getByLabel('Exchange quantity').fill(formatCoin(half));
        await waitForText(page, 'quote-min', (t) => /USDC$/.test(t));
        await mainButton(page, 'Exchange').click();
        const dialog = page.getByRole('dialog', { name: 'Confirm operation' });
        await dialog.waitFor({ timeout: STEP_MS });
        // The exact quote and minimum: under 'Everything the wallet will show'.
        await openEverything(dialog);
        const quotedNet = parseShown(await dialog.getByTestId('summary-net').textContent(), 6);
        const shownMin = parseShown(await dialog.getByTestId('summary-min').textContent(), 6);
        assert.equal(shownMin, (quotedNet * 9950n) / 10000n, 'default guard: 0.5% below the quote');
        assert.equal(
          (await dialog.getByTestId('summary-deadline').innerText()).trim(),
          '20 minutes after you send it; later, the contract refuses it',
        );
        const withdrawableBefore = (await getAccount(eth, member)).withdrawable;
        mark = await outcomeMark(page);
        await confirmOperation(page);
        await expectReceipt(page, 'Transaction succeeded', mark);
        const exchange = decodeCall(stakingAbi, sent()?.data);
        assert.equal(exchange.functionName, 'exchange');
        const [amountIn, minOut, deadline] = exchange.args as readonly [bigint, bigint, bigint];
        assert.deepEqual([amountIn, minOut], [half, shownMin], 'exchange(half, the shown minimum)');
        const minedAt = (
          await eth.client.getBlock({
            blockNumber: (
              await eth.client.getTransactionReceipt({ hash: sentHashes(wallet).at(-1) as Hex })
            ).blockNumber,
          })
        ).timestamp;
        assert.ok(
          deadline >= minedAt && deadline <= minedAt + 20n * 60n,
          'deadline: 20 minutes from the chain time at signing',
        );
        const credited = (await getAccount(eth, member)).withdrawable - withdrawableBefore;
        assert.equal(credited, quotedNet, 'the member exchanges free: exactly the quoted net');

        // withdrawRewardCoin: the rest of the coin leaves as the coin itself.
        await go(page, '/pages/mine/mine');
        const rest = earned - half;
        const earnedText = await waitForText(page, 'mine-earned', (t) => isNumberText(t));
        assert.ok(closeTo(parseShown(earnedText, 18), rest), `${earnedText} ≈ ${rest}`);
        const coinBefore = await coinBalance(member);
        mark = await outcomeMark(page);
        await mainButton(page, 'Withdraw WETH').click();
        const coinDialog = page.getByRole('dialog', { name: 'Confirm operation' });
        await coinDialog.waitFor({ timeout: STEP_MS });
        await openEverything(coinDialog);
        assert.equal(
          parseShown(await coinDialog.getByTestId('summary-amount').textContent(), 18),
          rest,
          'the summary shows exactly the coin that leaves',
        );
        await confirmOperation(page);
        await expectReceipt(page, 'Transaction succeeded', mark);
        assert.equal(decodeCall(stakingAbi, sent()?.data).functionName, 'withdrawRewardCoin');
        assert.equal((await coinBalance(member)) - coinBefore, rest);
        await waitForText(page, 'mine-earned', (t) => t === '0');

        // claimDividends: the dividend (rounded on the page, exact in the summary) moves to the
        // withdrawable balance.
        const shownDividend = await waitForText(page, 'mine-dividend', (t) => isNumberText(t));
        assert.ok(
          closeTo(parseShown(shownDividend, 6), dividend),
          `${shownDividend} ≈ ${dividend}`,
        );
        mark = await outcomeMark(page);
        await mainButton(page, 'Claim').click();
        const claimDialog = page.getByRole('dialog', { name: 'Confirm operation' });
        await claimDialog.waitFor({ timeout: STEP_MS });
        await openEverything(claimDialog);
        assert.equal(
          parseShown(await claimDialog.getByTestId('summary-amount').textContent(), 6),
          dividend,
        );
        // Its network fee, before the wallet opens: the chain's own figure for claimDividends()
        // from the member (gas × the maximum fee per gas), within the display's rounding.
        await expectClaimFee(claimDialog, eth, member);
        assert.match(await confirmOperation(page), /dividend of/);
        await expectReceipt(page, 'Transaction succeeded', mark);
        assert.equal(decodeCall(stakingAbi, sent()?.data).functionName, 'claimDividends');
        const withdrawable = (await getAccount(eth, member)).withdrawable;
        assert.equal(withdrawable, credited + dividend);
        await waitForText(page, 'mine-dividend', (t) => t === '0');

        // withdraw: Max reads the balance in the digits people read (never more than it) and
        // sends all of it, every decimal; the page shows the balance fall to 0.
        const walletBefore = await usdcBalance(eth, member);
        const shownWithdrawable = await waitForText(page, 'mine-withdrawable', isNumberText);
        assert.ok(closeTo(parseShown(shownWithdrawable, 6), withdrawable));
        await mainButton(page, 'Max').click();
        const maxText = await page.getByLabel('Withdraw amount').inputValue();
        const maxShown = parseShown(maxText, 6);
        assert.ok(maxShown <= withdrawable && closeTo(maxShown, withdrawable), maxText);
        mark = await outcomeMark(page);
        await mainButton(page, 'Withdraw').click();
        const withdrawSummary = await confirmOperation(page);
        assert.ok(
          withdrawSummary.toLowerCase().includes(member.toLowerCase()),
          'the summary names the receiving address',
        );
        assert.ok(
          withdrawSummary.includes(`${formatUsdc(withdrawable)} USDC`),
          'the summary shows every decimal that leaves',
        );
        await expectReceipt(page, 'Transaction succeeded', mark);
        const withdraw = decodeCall(stakingAbi, sent()?.data);
        assert.equal(withdraw.functionName, 'withdraw');
        assert.deepEqual(withdraw.args, [withdrawable]);
        assert.equal((await usdcBalance(eth, member)) - walletBefore, withdrawable);
        await waitForText(page, 'mine-withdrawable', (t) => t === '0');
      },
    );

    await stakingCallAs(eth, 0, 'pause', []);
    await withSession(
      stack,
      'standalone paused',
      { account: running, initialChainId: 1 },
      async ({ page }) => {
        await openWithOwnRpc(page, running);
        await page.getByTestId('paused-note').waitFor({ timeout: STEP_MS });
        const before = await usdcBalance(eth, running);
        const mark = await outcomeMark(page);
        await page.getByTestId('position-row').first().getByTestId('withdraw-principal').click();
        assert.match(await confirmOperation(page), /paused/);
        await expectReceipt(page, 'Transaction succeeded', mark);
        assert.equal((await usdcBalance(eth, running)) - before, usdc(eth, '200'));
      },
    );

    // Only the static files were asked of the host: no /v1, no /rpc; and no other host at all.
    assert.deepEqual(
      site.requests.filter((path) => /\/(v1|rpc)(\/|$)/.test(path)),
      [],
    );
    assert.deepEqual(elsewhere, []);
  });
});
