/**
 * The connect popup in a real browser: the five named wallets (TokenPocket, Trust Wallet, OKX
 * Wallet, Wallacy, MetaMask) and every EIP-6963 wallet, each once; a missing wallet's row opens
 * its app by deep link with the current URL; a wallet that injects window.ethereum late (Trust
 * Wallet does) is found. Deep-link taps are caught in the page, so the tests never leave the app.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { localAccounts } from '@app/contracts/accounts';
import { expectToast, openApp, STEP_MS } from '../app.ts';
import { advanceClockUntilVisible, startStack, withSession, type Stack } from '../harness.ts';

const account = localAccounts[7]!.address;
const named = ['TokenPocket', 'Trust Wallet', 'OKX Wallet', 'Wallacy', 'MetaMask'];

/** Opens the popup; returns the installed and the absent rows' names. */
async function openPopup(page: Page): Promise<{ installed: string[]; absent: string[] }> {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a wallet' });
  await dialog.waitFor({ timeout: STEP_MS });
  // EIP-6963 discovery and de-duplication settle right after the popup opens.
  await page.waitForTimeout(300);
  return rows(page);
}

async function rows(page: Page): Promise<{ installed: string[]; absent: string[] }> {
  const dialog = page.getByRole('dialog', { name: 'Choose a wallet' });
  const installed = await dialog
    .getByTestId('wallets-installed')
    .locator('.wallet-list__item')
    .allInnerTexts()
    .catch(() => []);
  const absent = await dialog
    .getByTestId('wallets-absent')
    .locator('.wallet-list__name')
    .allInnerTexts();
  return { installed: installed.map((s) => s.trim()), absent: absent.map((s) => s.trim()) };
}

/** Links the user taps are recorded (window.__taps) and not followed. */
const catchTaps = `(() => {
  const taps = [];
  Object.defineProperty(window, '__taps', { value: taps });
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link) return;
    taps.push(link.href);
    event.preventDefault();
  }, true);
})();`;

/** A stand-in for Trust Wallet's provider (flags only; it refuses every request and logs it). */
const fakeTrust = `(() => {
  const calls = [];
  Object.defineProperty(window, '__trustCalls', { value: calls });
  window.ethereum = {
    isTrust: true,
    isTrustWallet: true,
    isMetaMask: true,
    request: async ({ method }) => {
      calls.push(method);
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    },
    on() {}, removeListener() {},
  };
  window.dispatchEvent(new Event('ethereum#initialized'));
})();`;

/** An SVG icon as a wallet announces it (a data URI). */
const svgIcon = (body: string) =>
  'data:image/svg+xml;base64,' +
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">${body}</svg>`,
  ).toString('base64');

/**
 * Four more EIP-6963 wallets whose icons are valid strings: one that draws nothing (an empty SVG,
 * as TokenPocket's row showed), one flat colour, one that fails to load, and one with a drawing.
 */
const iconWallets: { name: string; icon: string; drawn: boolean }[] = [
  { name: 'Empty Icon Wallet', icon: svgIcon(''), drawn: false },
  {
    name: 'Flat Icon Wallet',
    icon: svgIcon('<rect width="32" height="32" fill="#3366ff"/>'),
    drawn: false,
  },
  { name: 'Broken Icon Wallet', icon: `data:image/png;base64,${'A'.repeat(64)}`, drawn: false },
  {
    name: 'Drawn Icon Wallet',
    icon: svgIcon(
      '<rect width="32" height="32" fill="#3366ff"/><circle cx="16" cy="16" r="8" fill="#fff"/>',
    ),
    drawn: true,
  },
];

/** The page script that announces them (a string: the page runs it as it is, at its start). */
const announceIconWallets = `(() => {
  const wallets = ${JSON.stringify(iconWallets)};
  const announce = () => wallets.forEach((wallet, index) => {
    const provider = {
      request: async () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
      on() {},
      removeListener() {},
    };
    const info = {
      uuid: '00000000-0000-4000-8000-00000000000' + index,
      name: wallet.name,
      icon: wallet.icon,
      rdns: 'dev.e2e.icon' + index,
    };
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    );
  });
  // As EIP-6963 wallets do: announce now and whenever the page asks (the app asks when it loads
  // its wallet code).
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;

describe('connect popup: named wallets, deep links, late injection', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  test('lists the five named wallets and the EIP-6963 E2E Wallet, each once', async () => {
    await withSession(stack, 'wallets listed once', { account, initialChainId: 1 }, async (s) => {
      await openApp(s.page, stack.server.url);
      const { installed, absent } = await openPopup(s.page);
      const all = [...installed, ...absent];
      for (const name of [...named, 'E2E Wallet'])
        assert.equal(
          all.filter((n) => n === name).length,
          1,
          `${name} must be listed exactly once: ${JSON.stringify({ installed, absent })}`,
        );
      assert.ok(installed.includes('E2E Wallet'), 'E2E Wallet is installed');
      assert.deepEqual(absent, named, 'none of the named wallets is in this browser');
      assert.ok(!all.includes('Browser wallet'), 'window.ethereum is the E2E Wallet, not another');
    });
  });

  test("an announced icon that fails to load or draws nothing gets the wallet's initial", async () => {
    await withSession(stack, 'wallet icons drawn', { account, initialChainId: 1 }, async (s) => {
      await s.context.addInitScript({ content: announceIconWallets });
      await openApp(s.page, stack.server.url);
      await openPopup(s.page);
      const dialog = s.page.getByRole('dialog', { name: 'Choose a wallet' });
      for (const wallet of [...iconWallets, { name: 'E2E Wallet', drawn: true }]) {
        const row = dialog.getByTestId('wallets-installed').locator('.wallet-list__item', {
          hasText: wallet.name,
        });
        // Decided once the icon is drawn: the initial shows while it is checked.
        await row.getByTestId(wallet.drawn ? 'wallet-icon' : 'wallet-initial').waitFor({
          timeout: STEP_MS,
        });
        await s.page.waitForTimeout(200);
        assert.equal(
          await row.getByTestId('wallet-icon').count(),
          wallet.drawn ? 1 : 0,
          `${wallet.name}: its own icon only when it draws something`,
        );
        if (!wallet.drawn)
          assert.equal(
            await row.getByTestId('wallet-initial').getAttribute('data-initial'),
            wallet.name[0],
          );
      }
    });
  });

  test('a missing wallet opens its app by deep link with the current URL', async () => {
    await withSession(stack, 'wallet deep links', { account, initialChainId: 1 }, async (s) => {
      await s.context.addInitScript({ content: catchTaps });
      await openApp(s.page, stack.server.url, '/pages/serve/serve');
      // Past Trust Wallet's detection window (3000 ms), its row links out at once.
      await s.page.waitForFunction(() => performance.now() > 3500, undefined, {
        timeout: STEP_MS,
      });
      await openPopup(s.page);
      const here = s.page.url();
      const dialog = s.page.getByRole('dialog', { name: 'Choose a wallet' });
      const tapped: Record<string, string> = {};
      for (const name of named) {
        await dialog.locator('.wallet-list__item--absent', { hasText: name }).click();
        const taps = await s.page.evaluate(
          () => (window as unknown as { __taps: string[] }).__taps,
        );
        tapped[name] = taps.at(-1) ?? '';
      }
      assert.equal(s.page.url(), here, 'the app stays where it was');
      assert.equal(
        tapped['TokenPocket'],
        `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: here }))}`,
      );
      assert.equal(
        tapped['Trust Wallet'],
        `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(here)}`,
      );
      const okx = new URL(tapped['OKX Wallet']!);
      assert.equal(`${okx.origin}${okx.pathname}`, 'https://web3.okx.com/download');
      const okxDeepLink = new URL(okx.searchParams.get('deeplink')!);
      assert.equal(okxDeepLink.protocol, 'okx:');
      assert.equal(okxDeepLink.searchParams.get('dappUrl'), here);
      assert.equal(
        tapped['MetaMask'],
        `https://link.metamask.io/dapp/${here.replace(/^https?:\/\//, '')}`,
      );
      assert.equal(tapped['Wallacy'], 'https://wallacy.io/', 'Wallacy: its download page');
    });
  });

  test('a wallet that injects window.ethereum late is found (ethereum#initialized)', async () => {
    await withSession(
      stack,
      'late injection',
      { account, initialChainId: 1, announce: false, setWindowEthereum: false },
      async (s) => {
        await openApp(s.page, stack.server.url);
        await s.page.waitForFunction(() => performance.now() > 3500, undefined, {
          timeout: STEP_MS,
        });
        const before = await openPopup(s.page);
        assert.deepEqual(
          before.installed.filter((n) => n !== 'Local test wallet'),
          [],
        );
        assert.ok(before.absent.includes('Trust Wallet'));
        await s.page.evaluate(fakeTrust);
        await s.page
          .getByTestId('wallets-installed')
          .getByRole('button', { name: 'Trust Wallet' })
          .waitFor({ timeout: STEP_MS });
        const now = await rows(s.page);
        assert.ok(!now.absent.includes('Trust Wallet'), JSON.stringify(now));
        assert.equal(
          [...now.installed, ...now.absent].filter((n) => n === 'Trust Wallet').length,
          1,
        );
      },
    );
  });

  test('tapping Trust Wallet in its first 3 s waits for it, then connects to it', async () => {
    await withSession(
      stack,
      'trust detection wait',
      { account, initialChainId: 1, announce: false, setWindowEthereum: false },
      async (s) => {
        await s.context.addInitScript({ content: catchTaps });
        await openApp(s.page, stack.server.url);
        // The app's 3 s window counts from the page's start in the page's clock, which the harness
        // holds still (pausedClock) until the test moves it: open at the tap however long a busy
        // machine took to load the page.
        const loadedAt = await s.page.evaluate(() => performance.now());
        assert.ok(loadedAt <= 100, `the page clock stood still while the page loaded: ${loadedAt}`);
        const here = s.page.url();
        await s.page.getByRole('button', { name: 'Connect wallet' }).click();
        const dialog = s.page.getByRole('dialog', { name: 'Choose a wallet' });
        const trustRow = dialog.locator('.wallet-list__item--absent', { hasText: 'Trust Wallet' });
        await advanceClockUntilVisible(s.page, trustRow, 1500);
        await trustRow.click();
        // The app waits ('Connecting wallet') instead of leaving for the Trust Wallet link, and
        // still waits near the end of the window (2.9 s after the page started).
        const connecting = s.page.getByRole('dialog', { name: 'Connecting wallet' });
        await advanceClockUntilVisible(s.page, connecting, 200);
        const now = await s.page.evaluate(() => performance.now());
        await s.page.clock.runFor(Math.max(0, 2900 - now));
        assert.equal(await connecting.count(), 1, 'still waiting for Trust Wallet at 2.9 s');
        assert.equal(s.page.url(), here, 'the app did not leave for the Trust Wallet link');
        await s.page.evaluate(fakeTrust);
        // The rest (connecting, the wallet's refusal, the toast) on the page's own time again.
        await s.page.clock.runFor(200);
        await s.page.clock.resume();
        await expectToast(s.page, 'Failed to Connect Wallet!');
        const calls = await s.page.evaluate(
          () => (window as unknown as { __trustCalls: string[] }).__trustCalls,
        );
        assert.ok(
          calls.some((m) => m === 'eth_requestAccounts' || m === 'wallet_requestPermissions'),
          `asked Trust Wallet to connect: ${JSON.stringify(calls)}`,
        );
      },
      { pausedClock: true },
    );
  });
});
