/**
 * What the user sees when the USDC issuer refuses (USDC on Ethereum can be paused, and any address,
 * the user's or the Staking contract's, can be frozen): a message that says so on stake, withdraw
 * and principal withdrawal, instead of 'Stake failed' / 'Transaction Failed!'; nothing is asked
 * of the wallet when the token already refuses, and nothing changes on chain. The issuer's actions
 * are real transactions from the local USDC's blacklister/pauser account on anvil.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { stakingLensAbi } from '@app/contracts/generated';
import {
  assertNothingSent,
  expectToast,
  goToTab,
  openServe,
  openSignedIn,
  pressStake,
  STEP_MS,
  toastMark,
  waitForText,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import {
  accountAddress,
  advanceTime,
  getAccount,
  stakeAs,
  stakingCallAs,
  usdc,
  usdcBalance,
  usdcIssuerCall,
} from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';

const DAY = 24 * 60 * 60;
const FROZEN_YOU = 'The USDC issuer has frozen your address';
const FROZEN_CONTRACT = 'The USDC issuer has frozen the staking contract';
const PAUSED = 'USDC is paused by its issuer';

describe('when the USDC issuer refuses', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  const positionCount = async (user: `0x${string}`) =>
    (
      await stack.chains[1].client.readContract({
        address: stack.chains[1].deployment.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getPositions',
        args: [user],
      })
    ).length;

  test('stake: a frozen address, a frozen staking contract, a pause while confirming', async () => {
    const index = 6;
    const user = accountAddress(index);
    const eth = stack.chains[1];
    await stakingCallAs(eth, index, 'bindSuperior', [eth.deployment.root]);
    await usdcIssuerCall(eth, 'blacklist', [user]);

    await withSession(
      stack,
      'usdc frozen stake',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openServe(page, stack.server.url, user);

        // The user's address is frozen: said before any signature is asked for.
        let since = wallet.log.length;
        let mark = await toastMark(page);
        await pressStake(page, '150');
        await expectToast(page, FROZEN_YOU, STEP_MS, mark);
        await assertNothingSent(page, wallet, since);

        // The Staking contract is frozen instead.
        await usdcIssuerCall(eth, 'unBlacklist', [user]);
        await usdcIssuerCall(eth, 'blacklist', [eth.deployment.staking]);
        since = wallet.log.length;
        mark = await toastMark(page);
        await pressStake(page, '150');
        await expectToast(page, FROZEN_CONTRACT, STEP_MS, mark);
        await assertNothingSent(page, wallet, since);

        // The issuer pauses USDC while the user reads the summary: the permit is signed, the stake
        // is refused on chain, and the message names the pause (not 'Stake failed').
        await usdcIssuerCall(eth, 'unBlacklist', [eth.deployment.staking]);
        const before = await usdcBalance(eth, user);
        mark = await toastMark(page);
        await pressStake(page, '150');
        const dialog = page.getByRole('dialog', { name: 'Confirm operation' });
        await dialog.waitFor({ timeout: STEP_MS });
        await usdcIssuerCall(eth, 'pause');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expectToast(page, PAUSED, 30_000, mark);
        assert.equal(await positionCount(user), 0, 'nothing staked');
        assert.equal(await usdcBalance(eth, user), before, 'no USDC moved');
        await usdcIssuerCall(eth, 'unpause');
      },
    );
  });

  test('withdraw and principal withdrawal while USDC is paused', async () => {
    const index = 7;
    const user = accountAddress(index);
    const eth = stack.chains[1];
    // Position 0 (150) released into the withdrawable balance; position 1 (120) finished, not taken.
    await stakeAs(eth, index, '150');
    await stakeAs(eth, index, '120');
    await advanceTime(eth, 31 * DAY);
    await stakingCallAs(eth, index, 'releasePrincipal', [[0n]]);
    await usdcIssuerCall(eth, 'pause');

    await withSession(
      stack,
      'usdc paused withdraw',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, user);
        const walletBefore = await usdcBalance(eth, user);

        await goToTab(page, 'Mine');
        await waitForText(page, 'mine-withdrawable', (t) => t === '150');
        let since = wallet.log.length;
        let mark = await toastMark(page);
        await page.getByLabel('Withdraw amount').fill('100');
        await withdrawButton(page).click();
        await expectToast(page, PAUSED, STEP_MS, mark);
        await assertNothingSent(page, wallet, since);
        assert.equal((await getAccount(eth, user)).withdrawable, usdc(eth, '150'));

        await goToTab(page, 'Serve');
        const principal = page.getByTestId('position-row').nth(0).getByTestId('withdraw-principal');
        await principal.waitFor({ timeout: STEP_MS });
        since = wallet.log.length;
        mark = await toastMark(page);
        await principal.click();
        await expectToast(page, PAUSED, STEP_MS, mark);
        await assertNothingSent(page, wallet, since);
        assert.equal(await usdcBalance(eth, user), walletBefore, 'no USDC moved');

        // Once the issuer lifts the pause the same withdrawal goes through.
        await usdcIssuerCall(eth, 'unpause');
        const outcome = await outcomeMark(page);
        await principal.click();
        const dialog = page.getByRole('dialog', { name: 'Confirm operation' });
        await dialog.waitFor({ timeout: STEP_MS });
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expectReceipt(page, 'Transaction succeeded', outcome);
        assert.equal((await usdcBalance(eth, user)) - walletBefore, usdc(eth, '120'));
      },
    );
  });
});

/** The Mine page's own Withdraw button. */
function withdrawButton(page: Page) {
  return page.getByRole('main').getByRole('button', { name: 'Withdraw', exact: true });
}
