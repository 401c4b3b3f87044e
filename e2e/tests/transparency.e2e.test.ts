/**
 * Issue 11 §3: the transparency page, open to anyone (no wallet, no sign-in), reachable from Home
 * and Serve, with every figure read from the chain. The figures move when a stake, a funding of the
 * reward budget and a queued parameter change happen; the page reads the same in Arabic. With a
 * Safe as owner, the page names the Safe's threshold and owners.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { encodeFunctionData, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localPrivateKeys } from '@app/contracts/accounts';
import { stakingAbi, wethAbi } from '@app/contracts/generated';
import { packSignatures, safeAbi, safeTxFor, safeTxTypedData } from '@app/contracts/safe';
import { createSafe, deploySafeContracts } from '@app/contracts/safe-deploy';
import { openApp, readAddress, shortAddress, STEP_MS } from '../app.ts';
import {
  accountAddress,
  confirmed,
  parseShown,
  stakeAs,
  stakingCallAs,
  usdc,
  walletOf,
} from '../chain.ts';
import { startStack, withPage, type Stack } from '../harness.ts';
import type { Page } from 'playwright-core';

const PATH = '#/pages/transparency/transparency';

async function figure(page: Page, testId: string, decimals: number): Promise<bigint> {
  return parseShown((await page.getByTestId(testId).innerText()).trim(), decimals);
}

/** Reloads until `testId` shows `expected` (the page also refreshes by itself every 15 s). */
async function waitForFigure(page: Page, testId: string, decimals: number, expected: bigint) {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    await page.reload();
    await page.getByTestId(testId).waitFor({ timeout: STEP_MS });
    const shown = await figure(page, testId, decimals);
    if (shown === expected) return;
    if (Date.now() > deadline)
      assert.equal(shown, expected, `${testId} never showed the new value`);
    await page.waitForTimeout(500);
  }
}

describe('transparency page', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  test('anyone can open it from Home and Serve; stake, funding and a queued change show up', async () => {
    const eth = stack.chains[1];
    const { usdcDecimals, rewardTokenDecimals, staking, rewardToken } = eth.deployment;
    await withPage(stack, 'transparency', {}, async ({ page }) => {
      await openApp(page, stack.server.url);
      // From Home (no wallet, not signed in).
      await page.getByRole('button', { name: 'Transparency' }).click();
      await page.getByTestId('t-open-principal').waitFor({ timeout: STEP_MS });
      assert.equal(new URL(page.url()).hash, PATH);
      // From Serve too.
      await page.goBack();
      await page.evaluate(() => {
        window.location.hash = '#/pages/serve/serve';
      });
      await page.getByTestId('serve-transparency-link').click();
      await page.getByTestId('t-open-principal').waitFor({ timeout: STEP_MS });

      // Read from the chain: the contracts, the owner (a key, locally) and what it cannot do.
      // Each address as <Address>: 4...4, the whole address on tap.
      const stakingRow = page.getByTestId('transparency-contracts').locator('dd').first();
      assert.deepEqual(await readAddress(stakingRow), {
        short: shortAddress(staking),
        full: staking,
      });
      assert.match(await page.getByTestId('t-owner-kind').innerText(), /single key/);
      // At 390 px the value sits under its label, the width of the card, not in a narrow column
      // beside it (issue 24 §1: the owner's description took seven lines there).
      const ownerKind = await page.getByTestId('t-owner-kind').evaluate((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        return { width: box.width, lines: Math.round(box.height / lineHeight) };
      });
      assert.ok(ownerKind.width > 280, `owner kind ${ownerKind.width} px wide`);
      assert.ok(ownerKind.lines <= 2, `owner kind on ${ownerKind.lines} lines`);
      assert.match(await page.getByTestId('t-owner-cannot').innerText(), /principal/);
      assert.match(await page.getByTestId('t-issuer-freeze').innerText(), /freeze/);
      assert.match(await page.getByTestId('t-paused').innerText(), /Running/);
      await page.getByTestId('t-pending-none').waitFor();

      const principal0 = await figure(page, 't-open-principal', usdcDecimals);
      const held0 = await figure(page, 't-usdc-held', usdcDecimals);
      const reserved0 = await figure(page, 't-reward-reserved', rewardTokenDecimals);
      const budget0 = await figure(page, 't-reward-budget', rewardTokenDecimals);

      // A stake of 200 USDC: principal of open positions and USDC held grow by 200, the reserve grows.
      await stakeAs(eth, 3, '200');
      await waitForFigure(page, 't-open-principal', usdcDecimals, principal0 + usdc(eth, '200'));
      assert.equal(await figure(page, 't-usdc-held', usdcDecimals), held0 + usdc(eth, '200'));
      assert.ok((await figure(page, 't-reward-reserved', rewardTokenDecimals)) > reserved0);
      assert.match(await page.getByTestId('t-coverage').innerText(), /at least everything it owes/);

      // The operator funds 2 coins: the budget grows by exactly that.
      const owner = walletOf(eth, 0);
      await confirmed(
        eth,
        await owner.writeContract({
          address: rewardToken,
          abi: wethAbi,
          functionName: 'deposit',
          value: parseEther('2'),
        }),
      );
      await confirmed(
        eth,
        await owner.writeContract({
          address: rewardToken,
          abi: wethAbi,
          functionName: 'approve',
          args: [staking, parseEther('2')],
        }),
      );
      await stakingCallAs(eth, 0, 'fundRewards', [parseEther('2')]);
      await waitForFigure(page, 't-reward-budget', rewardTokenDecimals, budget0 + parseEther('2'));

      // A queued fee change (1%): listed with its new value and when it can apply.
      const now = (await eth.client.getBlock()).timestamp;
      await stakingCallAs(eth, 0, 'queueParam', [0, 100n]);
      await page.reload();
      const pending = page.getByTestId('t-pending').filter({ hasText: 'Exchange fee' });
      await pending.waitFor({ timeout: STEP_MS });
      assert.equal((await pending.getByTestId('t-pending-value').innerText()).trim(), '1%');
      const etaText = (await pending.getByTestId('t-pending-eta').innerText()).trim();
      const expected = await page.evaluate(
        (seconds) =>
          [seconds, seconds + 60].map((s) =>
            new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
              s * 1000,
            ),
          ),
        Number(now) + 48 * 3600,
      );
      assert.ok(expected.includes(etaText), `${etaText} in ${expected.join(' | ')}`);

      // The same page in Arabic, right to left, with the same figures.
      await page.evaluate(() => localStorage.setItem('lang', 'ar'));
      await page.reload();
      await page.getByTestId('t-pending').first().waitFor({ timeout: STEP_MS });
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      assert.match(await page.locator('.navbar, header').first().innerText(), /الشفافية/);
      assert.match(await page.getByTestId('t-paused').innerText(), /يعمل/);
    });
  });

  test('a Safe as owner: the page names its threshold and owners, read from the Safe', async () => {
    const eth = stack.chains[1];
    const { staking } = eth.deployment;
    const owners = [1, 2, 3].map(accountAddress);
    // Safe's published contracts (deployed by a third party, anvil account 9), a 2-of-3 Safe.
    await deploySafeContracts({ publicClient: eth.client, walletClient: walletOf(eth, 9) });
    const safe = await createSafe(
      { publicClient: eth.client, walletClient: walletOf(eth, 0) },
      { owners, threshold: 2 },
    );
    // Two steps: the owner key proposes, the Safe accepts with two of its owners' signatures.
    await stakingCallAs(eth, 0, 'transferOwnership', [safe]);
    const accept = safeTxFor(
      [
        {
          to: staking,
          value: 0n,
          data: encodeFunctionData({ abi: stakingAbi, functionName: 'acceptOwnership' }),
        },
      ],
      0n,
    );
    const signatures = await Promise.all(
      [1, 2].map(async (index) => {
        const owner = privateKeyToAccount(localPrivateKeys[index]!);
        const typed = safeTxTypedData(safe, eth.chain.id, accept);
        return { signer: owner.address, signature: await owner.signTypedData(typed) };
      }),
    );
    await confirmed(
      eth,
      await walletOf(eth, 0).writeContract({
        address: safe,
        abi: safeAbi,
        functionName: 'execTransaction',
        args: [
          accept.to,
          accept.value,
          accept.data,
          accept.operation,
          accept.safeTxGas,
          accept.baseGas,
          accept.gasPrice,
          accept.gasToken,
          accept.refundReceiver,
          packSignatures(signatures),
        ],
      }),
    );

    await withPage(stack, 'transparency-safe', {}, async ({ page }) => {
      await page.goto(`${stack.server.url}/${PATH}`); // a sub-page: no wallet button to wait for
      await page.getByTestId('t-owner-safe').waitFor({ timeout: STEP_MS });
      // The owner and the Safe's owners as <Address>: 4...4, the owner's whole address on tap.
      assert.deepEqual(await readAddress(page.getByTestId('t-owner')), {
        short: shortAddress(safe),
        full: safe,
      });
      assert.match(await page.getByTestId('t-owner-kind').innerText(), /A contract/);
      assert.equal(
        (await page.getByTestId('t-owner-safe').innerText()).trim(),
        '2 of 3 owners must sign each owner action',
      );
      const listed = await page.getByTestId('t-owner-safe-owners').innerText();
      for (const owner of owners)
        assert.ok(listed.includes(shortAddress(owner)), `${owner} listed`);
    });
  });
});
