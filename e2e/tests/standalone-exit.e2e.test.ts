/**
 * Issue 18 §3: exit without us. The operator's API server (and its /rpc) is stopped; the
 * standalone build is served by a plain static server on another port, under a sub-path. With an
 * RPC URL the user sets, a user whose term ended withdraws the principal, and another does while
 * the pool is paused; pages of indexed records say they need the operator's server.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { stakingAbi } from '@app/contracts/generated';
import {
  chooseE2eWallet,
  confirmOperation,
  decodeCall,
  expectToast,
  sentTransactions,
  shortAddress,
  STEP_MS,
  toastMark,
  waitForText,
} from '../app.ts';
import {
  accountAddress,
  advanceTime,
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

  /** Opens the standalone app, saves the user's RPC for ETH, opens Serve and connects the wallet. */
  async function openWithOwnRpc(page: Page, user: Address) {
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

  test('the API server stopped: principal out after the term, and while paused', async () => {
    const eth = stack.chains[1];
    const [ended, running] = [accountAddress(6), accountAddress(7)];
    await stakeAs(eth, 6, '150');
    await advanceTime(eth, 31 * DAY);
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
        const mark = await toastMark(page);
        await row.getByTestId('withdraw-principal').click();
        assert.match(await confirmOperation(page), /150 USDC/);
        await expectToast(page, 'Transaction succeeded', 30_000, mark);
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

    await stakingCallAs(eth, 0, 'pause', []);
    await withSession(
      stack,
      'standalone paused',
      { account: running, initialChainId: 1 },
      async ({ page }) => {
        await openWithOwnRpc(page, running);
        await page.getByTestId('paused-note').waitFor({ timeout: STEP_MS });
        const before = await usdcBalance(eth, running);
        const mark = await toastMark(page);
        await page.getByTestId('position-row').first().getByTestId('withdraw-principal').click();
        assert.match(await confirmOperation(page), /paused/);
        await expectToast(page, 'Transaction succeeded', 30_000, mark);
        assert.equal((await usdcBalance(eth, running)) - before, usdc(eth, '200'));
      },
    );

    // Only the static files were asked of the host: no /v1, no /rpc.
    assert.deepEqual(
      site.requests.filter((path) => /\/(v1|rpc)\//.test(path)),
      [],
    );
  });
});
