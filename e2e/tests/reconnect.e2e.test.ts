/**
 * Issue 11 §4: a wallet that forgets its site connection on every page load (like some mobile
 * in-app browsers). After the app's own reloads (network change, language change) the header never
 * shows an address the app cannot sign with: it offers "Reconnect wallet", and so does a banner where
 * the user is. Reconnecting asks the wallet for its accounts again (no new sign-in), and reaching for
 * the wallet (Stake) reconnects too. A wallet that remembers the site is reconnected silently.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import type { Address } from 'viem';
import {
  chooseNetwork,
  confirmOperation,
  expectToast,
  goToTab,
  openSignedIn,
  shortAddress,
  STEP_MS,
  toastMark,
  waitForBalance,
} from '../app.ts';
import { stakingCallAs } from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';
import type { Page } from 'playwright-core';

function account(index: number): Address {
  const a = localAccounts[index];
  assert.ok(a);
  return a.address;
}

async function headerText(page: Page): Promise<string> {
  return (await page.getByTestId('wallet-button').innerText()).trim();
}

describe('wallet connection after the app reloads', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  test('a wallet that forgets the site: Reconnect wallet, no address shown, no new sign-in', async () => {
    const user = account(4);
    await stakingCallAs(stack.chains[56], 4, 'bindSuperior', [stack.chains[56].deployment.root]);
    await withSession(
      stack,
      'reconnect forgetful wallet',
      { account: user, initialChainId: 1, forgetOnReload: true },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, user);
        assert.equal(wallet.requests('personal_sign').length, 1);

        // Network change: the wallet switches (it was connected), then the spec's reload.
        await chooseNetwork(page, 'BSC');
        assert.equal(await wallet.chainId(page), 56);
        const banner = page.getByTestId('reconnect-banner');
        await banner.waitFor({ timeout: STEP_MS });
        assert.equal(await headerText(page), 'Reconnect wallet');
        assert.ok(!(await headerText(page)).includes(shortAddress(user)));

        // The banner's action reconnects without a new signature.
        await banner.getByRole('button', { name: 'Reconnect wallet' }).click();
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: shortAddress(user) })
          .waitFor({ timeout: STEP_MS });
        await banner.waitFor({ state: 'detached', timeout: STEP_MS });
        assert.equal(wallet.requests('personal_sign').length, 1, 'no second sign-in');

        // Language change: the spec's relaunch at the index and reload; the header offers to
        // reconnect in the new language and the account sheet says what is going on.
        await page.getByTestId('language-select').click();
        const reloaded = page.waitForEvent('load', { timeout: STEP_MS });
        await page.getByRole('menuitemradio', { name: 'Français' }).click();
        await reloaded;
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: 'Reconnecter le portefeuille' })
          .waitFor({ timeout: STEP_MS });
        await page.getByTestId('wallet-button').click();
        await page.getByTestId('account-not-connected').waitFor({ timeout: STEP_MS });
        await page.keyboard.press('Escape');
        await page.evaluate(() => {
          localStorage.setItem('lang', 'en');
        });
        await page.reload();
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: 'Reconnect wallet' })
          .waitFor({ timeout: STEP_MS });

        // Reaching for the wallet reconnects it: Stake asks the wallet for its accounts, then goes on.
        await goToTab(page, 'Serve');
        await page.getByLabel('Stake quantity').fill('150');
        // wagmi asks with wallet_requestPermissions (or eth_requestAccounts): the wallet's prompt.
        const prompts = () =>
          wallet.requests('eth_requestAccounts').length +
          wallet.requests('wallet_requestPermissions').length;
        const requestsBefore = prompts();
        const mark = await toastMark(page);
        await page.getByRole('button', { name: 'Stake now' }).click();
        await confirmOperation(page);
        await expectToast(page, 'Recharge succeeded', 30_000, mark);
        assert.ok(prompts() > requestsBefore, 'the wallet was asked for its accounts');
        assert.equal(wallet.requests('personal_sign').length, 1, 'still no second sign-in');
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: shortAddress(user) })
          .waitFor({ timeout: STEP_MS });
      },
    );
  });

  test('a wallet that remembers the site is reconnected silently after a reload', async () => {
    const user = account(5);
    await withSession(
      stack,
      'reconnect silently',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, user);
        const prompts = () =>
          wallet.requests('eth_requestAccounts').length +
          wallet.requests('wallet_requestPermissions').length;
        const before = prompts();
        await chooseNetwork(page, 'BSC');
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: shortAddress(user) })
          .waitFor({ timeout: STEP_MS });
        await goToTab(page, 'Serve');
        await waitForBalance(page);
        assert.equal(await page.getByTestId('reconnect-banner').count(), 0);
        assert.equal(prompts(), before, 'no prompt');
      },
    );
  });
});
