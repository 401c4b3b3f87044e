/**
 * Issue 11 §4: a wallet that forgets its site connection on every page load (like some mobile
 * in-app browsers). After the app's own reloads (network change, language change) the header never
 * shows an address the app cannot sign with: it offers "Reconnect wallet", and so does a banner where
 * the user is. Reconnecting asks the wallet for its accounts again (no new sign-in), and reaching for
 * the wallet (Stake) reconnects too. A wallet that remembers the site is reconnected silently.
 *
 * Issue 18 §1: the same with a wallet that appears late, as TokenPocket's in-app browser does
 * (window.ethereum at 800 ms, its EIP-6963 announcement at 1.5 s). A remembering one never makes the
 * app say "no longer connected", at any moment (a MutationObserver records every appearance of the
 * banner or of the header's "Reconnect wallet" across the reloads); a forgetting (locked) one gets
 * them only after it has answered eth_accounts with no account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import type { Address } from 'viem';
import {
  chooseNetwork,
  confirmOperation,
  goToTab,
  openApp,
  openSignedIn,
  shortAddress,
  signIn,
  STEP_MS,
  waitForBalance,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import { stakingCallAs } from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';
import type { Page } from 'playwright-core';

/** Where the app keeps its session (web/src/shared/session.ts). */
const sessionKey = 'token';

/**
 * Records, across reloads (sessionStorage), each moment the app says the wallet is gone: the
 * banner, or the header's connect-style button (the 'Reconnect wallet' state with a session).
 */
const lostRecorder = `(() => {
  const key = '__e2eLostShown';
  const seen = { banner: false, header: false };
  // What a person sees: the pre-rendered shell's button, kept in place but unseen while a session is
  // stored (web/src/styles.css), says nothing.
  const seenEl = (el) => !!el && getComputedStyle(el).visibility !== 'hidden';
  const scan = () => {
    const now = {
      banner: !!document.querySelector('[data-testid="reconnect-banner"]'),
      header: seenEl(document.querySelector('[data-testid="wallet-button"].wallet-button--connect')) &&
        !!localStorage.getItem(${JSON.stringify(sessionKey)}),
    };
    for (const what of ['banner', 'header']) {
      if (now[what] && !seen[what]) {
        const list = JSON.parse(sessionStorage.getItem(key) || '[]');
        list.push({ what, at: Date.now(), text: document.querySelector(
          what === 'banner' ? '[data-testid="reconnect-banner"]' : '[data-testid="wallet-button"]').textContent });
        sessionStorage.setItem(key, JSON.stringify(list));
      }
      seen[what] = now[what];
    }
  };
  new MutationObserver(scan).observe(document, {
    childList: true, subtree: true, attributes: true, characterData: true,
  });
})();`;

interface LostShown {
  what: 'banner' | 'header';
  at: number;
  text: string;
}

async function lostShownSince(page: Page, since: number): Promise<LostShown[]> {
  const all = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('__e2eLostShown') ?? '[]') as LostShown[],
  );
  return all.filter((e) => e.at >= since);
}

/** TokenPocket's in-app browser: window.ethereum at 800 ms, the EIP-6963 announcement at 1.5 s. */
const lateWallet = { injectAfterMs: 800, announceAfterMs: 1500 } as const;

/** Opens the app once the late wallet has announced itself (as a user taps a while after). */
async function openSignedInLate(page: Page, url: string, user: Address): Promise<void> {
  await openApp(page, url);
  await page.waitForFunction(() => performance.now() > 2000, undefined, { timeout: STEP_MS });
  await signIn(page, user);
}

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
        const mark = await outcomeMark(page);
        await page.getByRole('button', { name: 'Stake now' }).click();
        await confirmOperation(page);
        await expectReceipt(page, 'Stake confirmed', mark);
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

  test('a late wallet that remembers the site: no disconnect at any moment after a language or network change', async () => {
    const user = account(6);
    await withSession(
      stack,
      'late remembering wallet',
      { account: user, initialChainId: 1, ...lateWallet },
      async ({ page, context, wallet }) => {
        await context.addInitScript({ content: lostRecorder });
        await openSignedInLate(page, stack.server.url, user);
        const since = Date.now();
        const loadsBefore = new Set(wallet.log.map((e) => e.id.split(':')[0])).size;

        // Language change: the spec's relaunch at the index and a reload.
        await page.getByTestId('language-select').click();
        const reloaded = page.waitForEvent('load', { timeout: STEP_MS });
        await page.getByRole('menuitemradio', { name: 'Français' }).click();
        await reloaded;
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: shortAddress(user) })
          .waitFor({ timeout: STEP_MS });
        await page.evaluate(() => localStorage.setItem('lang', 'en'));
        await page.reload();
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: shortAddress(user) })
          .waitFor({ timeout: STEP_MS });

        // Network change: the wallet switches, then the app reloads.
        await chooseNetwork(page, 'BSC');
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: shortAddress(user) })
          .waitFor({ timeout: STEP_MS });
        // Past the late wallet's announcement, with the page settled.
        await page.waitForFunction(() => performance.now() > 4000, undefined, { timeout: STEP_MS });
        await goToTab(page, 'Serve');
        await waitForBalance(page);

        assert.deepEqual(await lostShownSince(page, since), [], 'never said the wallet was gone');
        const loads = new Set(wallet.log.map((e) => e.id.split(':')[0])).size;
        assert.ok(
          loads - loadsBefore >= 3,
          `three reloads with the wallet (${loads - loadsBefore})`,
        );
        assert.equal(wallet.requests('personal_sign').length, 1, 'no second sign-in');
      },
    );
  });

  test('a late wallet that forgets the site: "Reconnect wallet" only after it answered, then reconnects', async () => {
    const user = account(7);
    await withSession(
      stack,
      'late forgetting wallet',
      { account: user, initialChainId: 1, forgetOnReload: true, ...lateWallet },
      async ({ page, context, wallet }) => {
        await context.addInitScript({ content: lostRecorder });
        await openSignedInLate(page, stack.server.url, user);
        const since = Date.now();
        await chooseNetwork(page, 'BSC');
        const banner = page.getByTestId('reconnect-banner');
        await banner.waitFor({ timeout: STEP_MS });
        assert.equal(await headerText(page), 'Reconnect wallet');

        // The wallet's own answer after the reload: eth_accounts with no account.
        const answered = wallet
          .requests('eth_accounts')
          .find(
            (e) =>
              e.at >= since &&
              e.outcome?.ok === true &&
              Array.isArray(e.outcome.result) &&
              e.outcome.result.length === 0,
          );
        assert.ok(answered, 'the wallet was asked and answered with no account');
        const shown = await lostShownSince(page, since);
        assert.ok(shown.length > 0);
        for (const e of shown)
          assert.ok(e.at >= answered.at, `${e.what} shown before the wallet answered`);

        await banner.getByRole('button', { name: 'Reconnect wallet' }).click();
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: shortAddress(user) })
          .waitFor({ timeout: STEP_MS });
        await banner.waitFor({ state: 'detached', timeout: STEP_MS });
        assert.equal(wallet.requests('personal_sign').length, 1, 'no second sign-in');
      },
    );
  });
});
