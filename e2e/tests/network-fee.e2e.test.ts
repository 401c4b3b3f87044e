/**
 * Issue 24 §2, the network fee before the wallet opens, against the real stack on both networks
 * (6-decimal USDC on Ethereum, 18-decimal on BSC): Collect mining, Exchange and Withdraw each show
 * the fee of the exact transaction their button sends, in the chain's coin and in USDC at the
 * pool's price, equal to what this test asks the same anvil with viem (gas estimate × the chain's
 * maximum fee per gas, the pool's reserves); a collect, an exchange and a withdrawal worth less
 * than their fee are pointed out, large ones are not. A stake and a membership purchase show the
 * fee of the exact approval and of the payment after it, before either is given. The bind dialog,
 * a principal's withdrawal, the coin's withdrawal on Mine and the leftover-allowance reset show the
 * fee of the call each sends; the bind dialog says it is not known for an upline the chain refuses,
 * and before the bind the stake form's line waits for it (the chain would refuse that stake); the
 * stake's Confirm after the bind shows its fee.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { formatUnits, getAddress, type Abi, type Address } from 'viem';
import { pairAbi, stakingAbi, stakingLensAbi, usdcAbi } from '@app/contracts/generated';
import {
  confirmOperation,
  decodeCall,
  expectReceipt,
  expectToast,
  goToTab,
  openSignedIn,
  outcomeMark,
  pressStake,
  sentTransactions,
  STEP_MS,
  toastMark,
  waitForBalance,
  waitForText,
} from '../app.ts';
import {
  accountAddress,
  advanceTime,
  approveAs,
  getAccount,
  stakeAs,
  stakingCallAs,
  usdc,
} from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';

const DAY = 24 * 60 * 60;

/** The app asks the chain again every 15 s; the test waits a little longer than one refresh. */
const FEE_REFRESH_WAIT_MS = 20_000;

type Chain = Stack['chains'][1];

/** The fee of a call from `account` as the chain gives it now: gas × maxFeePerGas, in wei. */
async function chainFee(
  chain: Chain,
  call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] },
  account: Address,
) {
  const [gas, fees] = await Promise.all([
    chain.client.estimateContractGas({ ...call, account } as never),
    chain.client.estimateFeesPerGas(),
  ]);
  return gas * fees.maxFeePerGas;
}

/** USDC base units for one whole reward coin (the chain's coin wrapped) at the pool's reserves. */
async function poolPrice(chain: Chain): Promise<bigint> {
  const { pair, usdc } = chain.deployment;
  const [token0, [r0, r1]] = await Promise.all([
    chain.client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
    chain.client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
  ]);
  const usdcFirst = token0.toLowerCase() === usdc.toLowerCase();
  return ((usdcFirst ? r0 : r1) * 10n ** 18n) / (usdcFirst ? r1 : r0);
}

/** A shown figure ("0.0001234 ETH", "0.37 USDC") as base units of `decimals`. */
function shownUnits(text: string, decimals: number): bigint {
  const plain = text.replace(/[^\d.]/g, '');
  assert.match(plain, /^\d+(\.\d+)?$/, `a number, not ${JSON.stringify(text)}`);
  const [whole, fraction = ''] = plain.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** Within the rounding of the display rule (4 significant digits: 0.05 %) plus `slackPerMille`. */
function close(shown: bigint, expected: bigint, perMille: bigint) {
  const gap = shown > expected ? shown - expected : expected - shown;
  return expected > 0n && gap * 1000n <= expected * perMille;
}

/**
 * Waits (within one fee refresh) until the fee line in `scope` shows a non-zero coin figure and a
 * USDC figure equal to the chain's own figures for `call`, computed here each time. Returns what
 * was shown beside the chain's figures, for the test's diagnostics.
 */
async function expectFeeLine(
  scope: Locator,
  chain: Chain,
  call: Parameters<typeof chainFee>[1] | (() => Promise<bigint>),
  account: Address,
  perMille = 1n,
) {
  const deadline = Date.now() + FEE_REFRESH_WAIT_MS;
  let seen = '';
  for (;;) {
    const coinText = await scope.getByTestId('network-fee-coin').innerText({ timeout: STEP_MS });
    const usdcText = await scope.getByTestId('network-fee-usdc').innerText({ timeout: STEP_MS });
    const coin = typeof call === 'function' ? await call() : await chainFee(chain, call, account);
    const usdc = (coin * (await poolPrice(chain))) / 10n ** 18n;
    assert.ok(shownUnits(coinText, 18) > 0n, 'a non-zero coin figure');
    assert.match(coinText, chain.chainId === 1 ? /ETH/ : /BNB/);
    assert.match(usdcText, /USDC/);
    seen = `shown ${coinText} ≈ ${usdcText}; chain ${coin} wei ≈ ${usdc} USDC units`;
    if (
      close(shownUnits(coinText, 18), coin, perMille) &&
      close(shownUnits(usdcText, chain.deployment.usdcDecimals), usdc, perMille)
    )
      return seen;
    if (Date.now() > deadline) assert.fail(`the fee line does not match the chain: ${seen}`);
    await scope.page().waitForTimeout(1000);
  }
}

const collectCard = (page: Page) => page.locator('section[aria-labelledby="collect-title"]');
const exchangeForm = (page: Page) => page.locator('section.exchange-form');

describe('the network fee before signing', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  for (const chainId of [1, 56] as const)
    test(`a stake and a node purchase show the fee of their approval and payment before the approval (chain ${chainId})`, async (t) => {
      // Two accounts in the same state (bound to the root, no stake, no membership): the user's
      // payment is estimated by the app before its approval exists; the twin's, by the chain after
      // a real approval. Equal states cost equal gas, so the twin gives the figure to expect.
      const [userIndex, twinIndex] = [7, 8];
      const user = accountAddress(userIndex);
      const twin = accountAddress(twinIndex);
      const chain = stack.chains[chainId];
      const { staking, usdc: token, root } = chain.deployment;
      for (const index of [userIndex, twinIndex])
        await stakingCallAs(chain, index, 'bindSuperior', [root]);
      const approve = (value: bigint) =>
        ({
          address: token,
          abi: usdcAbi,
          functionName: 'approve',
          args: [staking, value],
        }) as const;
      /**
       * approve(value) from the user, then `payment` as the twin pays it once approved: `fee()` in
       * wei at the chain's price now; `gas` the last figure's gas.
       */
      const approvalAndPayment = (
        value: bigint,
        payment: { functionName: string; args: readonly unknown[] },
      ) => {
        let twinApproved = false;
        const expected = {
          gas: 0n,
          fee: async () => {
            if (!twinApproved) {
              await approveAs(chain, twinIndex, staking, value);
              twinApproved = true;
            }
            const [approveGas, paymentGas, fees] = await Promise.all([
              chain.client.estimateContractGas({ ...approve(value), account: user }),
              chain.client.estimateContractGas({
                address: staking,
                abi: stakingAbi,
                ...payment,
                account: twin,
              } as never),
              chain.client.estimateFeesPerGas(),
            ]);
            expected.gas = approveGas + paymentGas;
            return expected.gas * fees.maxFeePerGas;
          },
        };
        return expected;
      };
      /** The gas of every transaction the user sent since block `from` (exclusive). */
      const gasPaidSince = async (from: bigint) => {
        let total = 0n;
        let sent = 0;
        const head = await chain.client.getBlockNumber({ cacheTime: 0 });
        for (let n = from + 1n; n <= head; n++) {
          const block = await chain.client.getBlock({ blockNumber: n, includeTransactions: true });
          for (const tx of block.transactions) {
            if (tx.from.toLowerCase() !== user.toLowerCase()) continue;
            total += (await chain.client.getTransactionReceipt({ hash: tx.hash })).gasUsed;
            sent++;
          }
        }
        return { total, sent };
      };

      await withSession(
        stack,
        `payment fee ${chainId}`,
        { account: user, initialChainId: chainId },
        async ({ page }) => {
          await openSignedIn(page, stack.server.url, user, 'Serve');
          const form = page.locator('section.stake-form');
          assert.match(
            await form.getByTestId('network-fee').innerText({ timeout: STEP_MS }),
            /once the amount is valid/,
          );
          await page.getByLabel('Stake quantity').fill('150');
          const stake = approvalAndPayment(usdc(chain, '150'), {
            functionName: 'stake',
            args: [0n, usdc(chain, '150')],
          });
          await expectFeeLine(form, chain, stake.fee, user);
          // No allowance was given: the figure includes the approval the stake needs.
          const allowance = () =>
            chain.client.readContract({
              address: token,
              abi: usdcAbi,
              functionName: 'allowance',
              args: [user, staking],
            });
          assert.equal(await allowance(), 0n);
          // "At most": what the stake then costs (a permit where the token has one, else an
          // approval and the stake) is not more gas than the figure.
          let from = await chain.client.getBlockNumber({ cacheTime: 0 });
          let mark = await outcomeMark(page);
          await page.getByRole('button', { name: 'Stake now' }).click();
          await confirmOperation(page);
          await expectReceipt(page, 'Stake confirmed', mark);
          const staked = await gasPaidSince(from);
          assert.ok(staked.sent >= 1, 'the stake was sent');
          assert.ok(
            staked.total <= stake.gas,
            `the stake used ${staked.total} gas in ${staked.sent} transactions; shown ${stake.gas}`,
          );

          t.diagnostic(`stake: ${staked.total} gas in ${staked.sent} tx; shown ${stake.gas}`);
          await page.evaluate(() => (window.location.hash = '#/pages/mine/mine'));
          const price = await chain.client.readContract({
            address: staking,
            abi: stakingAbi,
            functionName: 'nodePrice',
          });
          assert.equal(await allowance(), 0n);
          await page.getByTestId('buy-node').click({ timeout: STEP_MS });
          const dialog = page.getByRole('dialog', { name: 'Confirm operation' });
          await dialog.getByTestId('purchase-summary').waitFor({ timeout: STEP_MS });
          const purchase = approvalAndPayment(price, {
            functionName: 'purchaseNode',
            args: [price],
          });
          await expectFeeLine(dialog, chain, purchase.fee, user);
          from = await chain.client.getBlockNumber({ cacheTime: 0 });
          mark = await outcomeMark(page);
          await confirmOperation(page);
          await expectReceipt(page, 'Transaction succeeded', mark);
          const bought = await gasPaidSince(from);
          assert.equal(bought.sent, 2, 'an approval and the purchase');
          assert.ok(
            bought.total <= purchase.gas,
            `the purchase used ${bought.total} gas; shown ${purchase.gas}`,
          );
          t.diagnostic(`purchase: ${bought.total} gas; shown ${purchase.gas}`);
        },
      );
    });

  for (const chainId of [1, 56] as const)
    test(`binding, a principal's withdrawal, the coin's withdrawal and the allowance reset show their fee (chain ${chainId})`, async (t) => {
      const index = 6;
      const user = accountAddress(index);
      const chain = stack.chains[chainId];
      const { staking, usdc: token, root } = chain.deployment;
      const stakingCall = (functionName: string, args: readonly unknown[]) =>
        ({ address: staking, abi: stakingAbi as Abi, functionName, args }) as const;
      // A well-formed address that never joined the referral tree: bindSuperior to it reverts.
      const outsider = getAddress('0x000000000000000000000000000000000000dead');

      await withSession(
        stack,
        `more fees ${chainId}`,
        { account: user, initialChainId: chainId },
        async ({ page, wallet }) => {
          await openSignedIn(page, stack.server.url, user, 'Serve');
          await waitForBalance(page);
          // No upline yet: the chain would refuse a stake, so the form's fee waits for the bind.
          await page.getByLabel('Stake quantity').fill('150');
          await page
            .locator('.stake-form')
            .getByTestId('network-fee')
            .filter({ hasText: 'shown once your invitation is bound' })
            .waitFor({ timeout: FEE_REFRESH_WAIT_MS });
          // Stake now opens the bind dialog first.
          await pressStake(page, '150');
          const bindDialog = page.getByRole('dialog', { name: 'Bind invitation' });
          await bindDialog.waitFor({ timeout: STEP_MS });
          const line = bindDialog.getByTestId('network-fee');
          const input = bindDialog.getByLabel('Invitation Address');
          assert.match(await line.innerText(), /shown once the address is valid/);
          await input.fill('0x1234');
          assert.match(await line.innerText(), /shown once the address is valid/);
          // Uplines the chain refuses: its estimate fails, and the line says the fee is not known.
          for (const refused of [outsider, user]) {
            await input.fill(refused);
            await line
              .filter({ hasText: 'the chain could not estimate it now' })
              .waitFor({ timeout: FEE_REFRESH_WAIT_MS });
            assert.equal(await line.getByTestId('network-fee-coin').count(), 0, 'no guess');
          }
          await input.fill(root);
          const bindFee = stakingCall('bindSuperior', [root]);
          t.diagnostic(`bind: ${await expectFeeLine(bindDialog, chain, bindFee, user)}`);
          const mark = await toastMark(page);
          await bindDialog.getByRole('button', { name: 'Bind' }).click();
          await confirmOperation(page);
          await expectToast(page, 'Binding succeeded', 30_000, mark);
          const bound = decodeCall(stakingAbi, sentTransactions(wallet, chainId).at(-1)?.data);
          assert.equal(bound.functionName, 'bindSuperior');
          assert.deepEqual(bound.args, [getAddress(root)]);
          // Bound now: the stake's own Confirm shows its fee, the first the user sees of it.
          await page
            .getByRole('dialog', { name: 'Confirm operation' })
            .getByTestId('network-fee-coin')
            .waitFor({ timeout: FEE_REFRESH_WAIT_MS });
          let receipt = await outcomeMark(page);
          await confirmOperation(page);
          await expectReceipt(page, 'Stake confirmed', receipt);

          // Twenty days of mining collected (to be withdrawn as the coin below), then the term ends.
          // Not both in the same second: a withdrawPrincipal estimated in the second of the
          // position's last harvest is short of the gas it needs a second later (seen on anvil).
          await advanceTime(chain, 20 * DAY);
          await stakingCallAs(chain, index, 'harvest', [user, [0n]]);
          await advanceTime(chain, 11 * DAY);
          await page.reload();
          const principal = page
            .getByTestId('position-row')
            .first()
            .getByTestId('withdraw-principal');
          await principal.click({ timeout: STEP_MS });
          const confirm = page.getByRole('dialog', { name: 'Confirm operation' });
          await confirm.getByTestId('withdraw-principal-summary').waitFor({ timeout: STEP_MS });
          const principalFee = stakingCall('withdrawPrincipal', [0n]);
          t.diagnostic(`principal: ${await expectFeeLine(confirm, chain, principalFee, user)}`);
          receipt = await outcomeMark(page);
          await confirmOperation(page);
          await expectReceipt(page, 'Transaction succeeded', receipt);
          const withdrawn = decodeCall(stakingAbi, sentTransactions(wallet, chainId).at(-1)?.data);
          assert.equal(withdrawn.functionName, 'withdrawPrincipal');
          assert.deepEqual(withdrawn.args, [0n]);

          // Mine: the collected coin leaves as the coin itself, one button, fee in its dialog.
          const earned = (await getAccount(chain, user)).earned;
          assert.ok(earned > 0n);
          await goToTab(page, 'Mine');
          await page
            .getByRole('button', { name: /^Withdraw W(ETH|BNB)$/ })
            .click({ timeout: STEP_MS });
          await confirm.getByTestId('withdrawCoin-summary').waitFor({ timeout: STEP_MS });
          const coinFee = stakingCall('withdrawRewardCoin', [earned]);
          t.diagnostic(`coin: ${await expectFeeLine(confirm, chain, coinFee, user)}`);
          receipt = await outcomeMark(page);
          await confirmOperation(page);
          await expectReceipt(page, 'Transaction succeeded', receipt);
          assert.equal((await getAccount(chain, user)).earned, 0n);

          // An allowance left (given outside the app): the reset's dialog shows approve(0)'s fee.
          await approveAs(chain, index, staking, usdc(chain, '5'));
          await goToTab(page, 'Serve');
          await page.reload();
          const notice = page.getByTestId('allowance-left');
          await notice
            .getByRole('button', { name: 'Set the allowance back to 0' })
            .click({ timeout: STEP_MS });
          await confirm.getByTestId('allowance-reset-summary').waitFor({ timeout: STEP_MS });
          const resetFee = {
            address: token,
            abi: usdcAbi as Abi,
            functionName: 'approve',
            args: [staking, 0n],
          };
          t.diagnostic(`reset: ${await expectFeeLine(confirm, chain, resetFee, user)}`);
          receipt = await outcomeMark(page);
          await confirmOperation(page);
          await expectReceipt(page, 'Transaction succeeded', receipt);
          const reset = decodeCall(usdcAbi, sentTransactions(wallet, chainId).at(-1)?.data);
          assert.equal(reset.functionName, 'approve');
          assert.deepEqual(reset.args, [getAddress(staking), 0n]);
        },
      );
    });

  // After every scenario that stakes through the app: it moves the chains' clocks 20 days on, past
  // the deadline of the permit a stake on Ethereum signs (the browser's clock + 20 minutes).
  for (const chainId of [1, 56] as const)
    test(`collect, exchange and withdraw show their fee; tiny amounts are worth less than it (chain ${chainId})`, async () => {
      const index = 9;
      const user = accountAddress(index);
      const chain = stack.chains[chainId];
      const { staking } = chain.deployment;
      // A minute of mining, worth far less than the fee of collecting it.
      await stakeAs(chain, index, '150');
      await advanceTime(chain, 60);
      const harvest = {
        address: staking,
        abi: stakingAbi,
        functionName: 'harvest',
        args: [user, [0n]],
      } as const;

      await withSession(
        stack,
        `network fee ${chainId}`,
        { account: user, initialChainId: chainId },
        async ({ page }) => {
          await openSignedIn(page, stack.server.url, user, 'Exchange');
          const collect = collectCard(page);
          await expectFeeLine(collect, chain, harvest, user);
          await collect.getByTestId('worth-less-than-fee').waitFor({ timeout: STEP_MS });
          assert.match(
            await collect.getByTestId('worth-less-than-fee').innerText(),
            /worth less than the network fee/,
          );

          // Twenty days of mining are worth more than the fee: the line stays, the warning goes.
          await advanceTime(chain, 20 * DAY);
          await page.reload();
          await expectFeeLine(collectCard(page), chain, harvest, user);
          assert.equal(await collectCard(page).getByTestId('worth-less-than-fee').count(), 0);

          let mark = await outcomeMark(page);
          await collectCard(page).getByRole('button', { name: 'Collect mining' }).click();
          await confirmOperation(page);
          await expectReceipt(page, 'Transaction succeeded', mark);
          const earned = (await getAccount(chain, user)).earned;
          assert.ok(earned > 0n);

          // Exchange: the fee of exchange(amount, the guard of the shown quote, a deadline); the
          // test's own call takes the guard from a fresh quote, hence 1 % rather than the rounding.
          const form = exchangeForm(page);
          const input = form.locator('input[inputmode="decimal"]');
          assert.equal(await form.getByTestId('network-fee').count(), 1);
          assert.match(
            await form.getByTestId('network-fee').innerText(),
            /once the amount is valid/,
          );
          // A sliver of the coin, worth about half the fee of exchanging it: pointed out.
          const price = await poolPrice(chain);
          const exchangeFee = await chainFee(
            chain,
            {
              address: staking,
              abi: stakingAbi,
              functionName: 'exchange',
              args: [earned, 0n, (await chain.client.getBlock()).timestamp + 1200n],
            },
            user,
          );
          const halfFeeUsdc = (exchangeFee * price) / 10n ** 18n / 2n;
          assert.ok(halfFeeUsdc > 0n);
          await input.fill(formatUnits((halfFeeUsdc * 10n ** 18n) / price, 18));
          await form.getByTestId('worth-less-than-fee').waitFor({ timeout: FEE_REFRESH_WAIT_MS });
          assert.match(
            await form.getByTestId('worth-less-than-fee').innerText(),
            /worth less than the network fee/,
          );
          // All of it is worth more: the warning goes (checked below, once the fee is read).
          await page.getByRole('main').getByRole('button', { name: 'Max', exact: true }).click();
          const quote = await chain.client.readContract({
            address: chain.deployment.stakingLens,
            abi: stakingLensAbi,
            functionName: 'quoteExchange',
            args: [user, earned],
          });
          const { timestamp } = await chain.client.getBlock();
          await expectFeeLine(
            form,
            chain,
            {
              address: staking,
              abi: stakingAbi,
              functionName: 'exchange',
              args: [earned, (quote.netUsdc * 9950n) / 10000n, timestamp + 1200n],
            },
            user,
            10n,
          );
          assert.equal(await form.getByTestId('worth-less-than-fee').count(), 0);
          mark = await outcomeMark(page);
          await page
            .getByRole('main')
            .getByRole('button', { name: 'Exchange', exact: true })
            .click();
          await confirmOperation(page);
          await expectReceipt(page, 'Transaction succeeded', mark);
          await input.waitFor({ timeout: STEP_MS });

          // Withdraw on Mine: the fee of withdraw(amount) for the amount typed.
          const withdrawable = (await getAccount(chain, user)).withdrawable;
          assert.ok(withdrawable > 10n ** BigInt(chain.deployment.usdcDecimals));
          await page.evaluate(() => (window.location.hash = '#/pages/mine/mine'));
          await waitForText(page, 'mine-withdrawable', (t) => /\d/.test(t));
          await page.getByLabel('Withdraw amount').fill('1');
          const one = 10n ** BigInt(chain.deployment.usdcDecimals);
          const withdrawOne = {
            address: staking,
            abi: stakingAbi,
            functionName: 'withdraw',
            args: [one],
          } as const;
          await expectFeeLine(page.getByRole('main'), chain, withdrawOne, user);

          // Left with a balance worth about half the fee of withdrawing it (it can leave only as
          // a whole, being under the minimum): Max takes all of it, and the warning says so.
          // (At the pool's price now: the exchange above moved it.)
          const leftOver =
            ((await chainFee(chain, withdrawOne, user)) * (await poolPrice(chain))) /
            10n ** 18n /
            2n;
          assert.ok(leftOver > 0n && withdrawable - leftOver >= one);
          await stakingCallAs(chain, index, 'withdraw', [withdrawable - leftOver]);
          await page.reload();
          await waitForText(page, 'mine-withdrawable', (t) => /^0\.\d/.test(t));
          await page.getByRole('main').getByRole('button', { name: 'Max', exact: true }).click();
          const worthLess = page.getByRole('main').getByTestId('worth-less-than-fee');
          await worthLess.waitFor({ timeout: FEE_REFRESH_WAIT_MS });
          assert.match(await worthLess.innerText(), /worth less than the network fee/);
          assert.equal((await getAccount(chain, user)).withdrawable, leftOver);
        },
      );
    });
});
