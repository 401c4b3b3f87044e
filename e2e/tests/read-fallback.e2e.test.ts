/**
 * Issue 18 §2: reads through the user's choice. With our /rpc answering 502, a signed-in user's
 * position, the Mine page's balances and the transparency page still load, from the RPC URL the
 * user saved in the settings (checked with eth_chainId first) or, without one, from the wallet
 * itself; the page says which source answered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  expectToast,
  openSignedIn,
  STEP_MS,
  toastMark,
  waitForPosition,
  waitForText,
} from '../app.ts';
import { accountAddress, stakeAs } from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';

const RPC_PROXY = /\/rpc\/\d+$/;

async function readSource(page: Page, kind: string): Promise<string> {
  const note = page.locator(`[data-testid="read-source"][data-source="${kind}"]`);
  await note.waitFor({ timeout: STEP_MS });
  return (await note.innerText()).trim();
}

async function go(page: Page, hashPath: string) {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${hashPath}`);
}

describe('reads through the user’s choice', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  test('/rpc answering 502: positions, balances and transparency from the user’s RPC, then the wallet', async () => {
    const index = 3;
    const user = accountAddress(index);
    const eth = stack.chains[1];
    const bsc = stack.chains[56];
    await stakeAs(eth, index, '150');
    await withSession(
      stack,
      'read fallback',
      { account: user, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, user, 'Serve');
        await waitForPosition(page, '150 USDC');
        assert.match(await readSource(page, 'server'), /operator's server/);

        // Our RPC proxy goes down (502 from nginx when its upstream is gone).
        let refused = 0;
        await page.route(RPC_PROXY, (route) => {
          refused++;
          return route.fulfill({ status: 502, body: 'Bad Gateway' });
        });

        // The settings screen refuses a URL of another chain and saves one of this chain.
        await go(page, '/pages/settings/rpc');
        const card = page.getByTestId('rpc-settings-1');
        await card.getByTestId('rpc-none').waitFor({ timeout: STEP_MS });
        const input = card.getByLabel('Your RPC URL for ETH');
        let mark = await toastMark(page);
        await input.fill(bsc.rpcUrl);
        await card.getByRole('button', { name: 'Check and save' }).click();
        await expectToast(page, 'This RPC is for chain 56, not ETH', STEP_MS, mark);
        assert.equal(await card.getByTestId('rpc-url').count(), 0, 'nothing saved');
        mark = await toastMark(page);
        await input.fill(eth.rpcUrl);
        await card.getByRole('button', { name: 'Check and save' }).click();
        await expectToast(page, 'Saved: it answered for ETH', STEP_MS, mark);
        assert.deepEqual(await card.getByTestId('rpc-url').allInnerTexts(), [eth.rpcUrl]);
        assert.deepEqual(
          JSON.parse((await page.evaluate(() => localStorage.getItem('rpcUrls'))) ?? '{}'),
          { 1: [eth.rpcUrl] },
        );

        // A fresh load with /rpc still down: every chain figure comes from the user's RPC.
        const host = new URL(eth.rpcUrl).host;
        await page.reload();
        await go(page, '/pages/serve/serve');
        await waitForPosition(page, '150 USDC');
        assert.equal(
          await readSource(page, 'user'),
          `Chain data from your RPC ${host} · RPC settings`,
        );
        await page.getByTestId('no-network').waitFor({ state: 'detached' });
        await go(page, '/pages/mine/mine');
        await waitForText(page, 'mine-wallet-usdc', (t) => /\d/.test(t));
        await waitForText(page, 'mine-withdrawable', (t) => t === '0');
        await go(page, '/pages/transparency/transparency');
        await waitForText(page, 't-open-principal', (t) => t.startsWith('150'));
        assert.match(await readSource(page, 'user'), new RegExp(host.replace('.', '\\.')));

        // Without a URL of the user's, the wallet (on ETH) answers the reads.
        await go(page, '/pages/settings/rpc');
        await card.getByRole('button', { name: 'Remove' }).click();
        await card.getByTestId('rpc-none').waitFor();
        await page.reload();
        await go(page, '/pages/serve/serve');
        await waitForPosition(page, '150 USDC');
        assert.equal(
          await readSource(page, 'wallet'),
          'Chain data from your wallet · RPC settings',
        );
        assert.ok(refused > 0, 'the app did ask /rpc first');
      },
      // No service worker: page.route must see the app's own /rpc requests.
      { serviceWorkers: 'block' },
    );
  });
});
