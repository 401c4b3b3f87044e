/**
 * Staking in a real browser: the production build served by the real server, two anvil chains with
 * the contracts, and the injected test wallet (real signatures, real transactions). Each scenario
 * uses its own anvil account, so the scenarios do not depend on each other.
 *
 * Asserted twice: what the user sees (texts, position rows) and what happened on chain (positions
 * and allowances read with viem, and what the app asked the wallet to sign and send).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { formatUnits, getAddress, type Address } from 'viem';
import { localAccounts } from '@app/contracts/accounts';
import { stakingAbi, stakingLensAbi, usdcAbi } from '@app/contracts/generated';
import {
  assertNothingSent,
  bindInvitation,
  busyTexts,
  busyViewShown,
  chooseE2eWallet,
  chooseNetwork,
  confirmOperation,
  decodeCall,
  expectReceipt,
  expectToast,
  goToTab,
  openApp,
  openServe,
  openSignedIn,
  outcomeMark,
  positionAmounts,
  pressStake,
  readTxHash,
  sentHashes,
  sentTransactions,
  shortAddress,
  signIn,
  stakeRefusedByChain,
  STEP_MS,
  toastMark,
  waitForBalance,
  waitForPosition,
} from '../app.ts';
import { confirmed, planWithRoomFor149, stakingCallAs, usdc, walletOf } from '../chain.ts';
import { artifactsDir, startStack, withSession, type Stack } from '../harness.ts';
import type { Page } from 'playwright-core';

/** A fresh anvil account per scenario (0 is the deployer/root, 1 is `npm start`'s test user). */
function accountFor(index: 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9): Address {
  const account = localAccounts[index];
  assert.ok(account);
  return account.address;
}

/**
 * The Serve page as a test artifact: once the toast is gone, with the viewport as tall as the page
 * so the fixed tab bar does not cover the position rows.
 */
async function saveServeScreenshot(page: Page): Promise<void> {
  await page.locator('.toast').waitFor({ state: 'hidden', timeout: 10_000 });
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (size)
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: join(artifactsDir, 'serve-page.png') });
  if (size) await page.setViewportSize(size);
}

describe('staking in the browser', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  const facts = (chainId: 1 | 56, user: Address) => {
    const { client, deployment } = stack.chains[chainId];
    return Promise.all([
      client.readContract({
        address: deployment.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getPositions',
        args: [user],
      }),
      client.readContract({
        address: deployment.usdc,
        abi: usdcAbi,
        functionName: 'allowance',
        args: [user, deployment.staking],
      }),
      client.readContract({
        address: deployment.staking,
        abi: stakingAbi,
        functionName: 'getSuperior',
        args: [user],
      }),
    ]).then(([positions, allowance, superior]) => ({ positions, allowance, superior }));
  };

  test('invite link → connect → sign in → bind → stake 150 USDC on ETH (permit) and BSC (approve)', async () => {
    const user = accountFor(2);
    const eth = stack.chains[1];
    const bsc = stack.chains[56];
    const root = eth.deployment.root;
    assert.equal(bsc.deployment.root, root);

    await withSession(
      stack,
      'stake on both chains',
      // The wallet starts on ETH and has not added BSC yet: switching there takes the 4902 → add path.
      { account: user, initialChainId: 1, unaddedChains: [56] },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url, `/?code=${root}`);

        // Connect and sign in (one wallet entry although window.ethereum and EIP-6963 both offer it).
        await signIn(page, user);
        const [signRequest] = wallet.requests('personal_sign');
        assert.ok(signRequest, 'sign-in asks for a personal_sign');
        const [messageHex, signer] = signRequest.params as [string, string];
        assert.equal(
          signer.toLowerCase(),
          user.toLowerCase(),
          'personal_sign params: [message, address]',
        );
        const message = Buffer.from(messageHex.slice(2), 'hex').toString('utf8');
        // EIP-4361: "[scheme://]domain wants you to sign in ...", bound to the app's own origin.
        const { host } = new URL(stack.server.url);
        assert.match(
          message,
          new RegExp(`^(http://)?${host.replace(/\./g, '\\.')} wants you to sign in`),
        );
        assert.ok(message.includes(getAddress(user)), 'the sign-in message names the account');
        // Spec §8 loading texts of the sign-in, and the loading modal gone with the answer.
        assert.deepEqual(await busyTexts(page), ['Connecting wallet', 'Logging in']);
        assert.equal(await busyViewShown(page), false, 'no loading view is left after sign-in');

        // ---- ETH: USDC with permit --------------------------------------------------------------
        await goToTab(page, 'Serve');
        await waitForBalance(page);
        const ethMark = await outcomeMark(page);
        await pressStake(page, '150');
        await bindInvitation(page, root);
        const ethSummary = await confirmOperation(page);
        assert.match(ethSummary, /150/);
        assert.ok(
          ethSummary.includes(eth.deployment.staking),
          'the summary names the staking contract',
        );
        // Said once, by the card on the page (issue 24): no 'Stake confirmed' toast as well.
        await expectReceipt(page, 'Stake confirmed', ethMark);
        await waitForPosition(page, '150 USDC');
        // The outcome's card names the stake transaction by a short hash, the whole of it on a tap
        // (issue 24 §1): no 64-hex string on the screen unasked, on a local chain too.
        const receipt = page.getByTestId('tx-receipt');
        await receipt.waitFor({ timeout: STEP_MS });
        assert.doesNotMatch(await page.locator('body').innerText(), /0x[0-9a-fA-F]{64}/);
        const stakeHash = sentHashes(wallet).at(-1) ?? '';
        assert.deepEqual(await readTxHash(receipt), {
          short: shortAddress(stakeHash),
          full: stakeHash,
        });
        // Querying the upline, binding, then the permit (authorizing) and the stake (paying).
        assert.deepEqual((await busyTexts(page)).slice(2), [
          'Querying',
          'Binding',
          'Authorizing',
          'Paying',
        ]);
        assert.equal(await busyViewShown(page), false);

        const ethFacts = await facts(1, user);
        assert.equal(ethFacts.superior, root);
        assert.equal(ethFacts.positions.length, 1);
        assert.equal(ethFacts.positions[0]?.amount, 150n * 10n ** 6n);
        assert.equal(ethFacts.allowance, 0n, 'the permit allowed exactly the stake, now used up');

        const ethTxs = sentTransactions(wallet, 1);
        assert.deepEqual(
          ethTxs.map((tx) => tx.to?.toLowerCase()),
          [eth.deployment.staking.toLowerCase(), eth.deployment.staking.toLowerCase()],
          'on ETH the app sends exactly two transactions, both to the staking contract (no approve)',
        );
        const bind = decodeCall(stakingAbi, ethTxs[0]?.data);
        assert.equal(bind.functionName, 'bindSuperior');
        assert.deepEqual(bind.args, [root]);
        const stakeEth = decodeCall(stakingAbi, ethTxs[1]?.data);
        assert.equal(stakeEth.functionName, 'stakeWithPermit');
        assert.equal(stakeEth.args?.[1], 150n * 10n ** 6n);

        const permits = wallet.requests('eth_signTypedData_v4');
        assert.equal(permits.length, 1, 'one permit signature on ETH');
        const permit = JSON.parse((permits[0]?.params as [string, string])[1]) as {
          primaryType: string;
          domain: { chainId: number | string; verifyingContract: string };
          message: { owner: string; spender: string; value: string | number };
        };
        assert.equal(permit.primaryType, 'Permit');
        assert.equal(Number(permit.domain.chainId), 1);
        assert.equal(
          permit.domain.verifyingContract.toLowerCase(),
          eth.deployment.usdc.toLowerCase(),
        );
        assert.equal(permit.message.spender.toLowerCase(), eth.deployment.staking.toLowerCase());
        assert.equal(BigInt(permit.message.value), 150n * 10n ** 6n, 'permit for exactly 150 USDC');

        // ---- BSC: 18-decimal USDC without permit -------------------------------------------------
        await chooseNetwork(page, 'BSC');
        assert.equal(await wallet.chainId(page), 56);
        const added = wallet.requests('wallet_addEthereumChain');
        assert.equal(
          added.length,
          1,
          'BSC was not added in the wallet: the app adds it (4902 path)',
        );
        const addParams = (added[0]?.params as Array<{ chainId: string; rpcUrls: string[] }>)[0];
        assert.equal(addParams?.chainId, '0x38');

        await goToTab(page, 'Serve');
        await waitForBalance(page);
        assert.deepEqual(await positionAmounts(page), [], 'no BSC position yet');
        const bscMark = await outcomeMark(page);
        await pressStake(page, '150');
        await bindInvitation(page, root);
        await confirmOperation(page);
        await expectReceipt(page, 'Stake confirmed', bscMark);
        await waitForPosition(page, '150 USDC');

        const bscFacts = await facts(56, user);
        assert.equal(bscFacts.superior, root);
        assert.equal(bscFacts.positions.length, 1);
        assert.equal(bscFacts.positions[0]?.amount, 150n * 10n ** 18n);
        assert.equal(bscFacts.allowance, 0n, 'the approval was exact and is used up');

        const bscTxs = sentTransactions(wallet, 56);
        const approves = bscTxs.filter(
          (tx) => tx.to?.toLowerCase() === bsc.deployment.usdc.toLowerCase(),
        );
        assert.equal(approves.length, 1, 'one approve on BSC');
        const approve = decodeCall(usdcAbi, approves[0]?.data);
        assert.equal(approve.functionName, 'approve');
        assert.equal(
          (approve.args?.[0] as string).toLowerCase(),
          bsc.deployment.staking.toLowerCase(),
        );
        assert.equal(
          approve.args?.[1],
          150n * 10n ** 18n,
          'approve exactly 150 USDC (18 decimals)',
        );
        const stakeBsc = decodeCall(stakingAbi, bscTxs.at(-1)?.data);
        assert.equal(stakeBsc.functionName, 'stake');
        assert.equal(stakeBsc.args?.[1], 150n * 10n ** 18n);
        assert.equal(
          wallet.requests('eth_signTypedData_v4').filter((e) => e.chainId === 56).length,
          0,
          'no permit on BSC',
        );
        for (const tx of [...ethTxs, ...bscTxs]) {
          assert.ok(
            [
              eth.deployment.staking,
              eth.deployment.usdc,
              bsc.deployment.staking,
              bsc.deployment.usdc,
            ]
              .map((a) => a.toLowerCase())
              .includes(tx.to?.toLowerCase() ?? ''),
            `transaction to an unexpected address ${tx.to}`,
          );
        }

        await saveServeScreenshot(page);

        // ---- both positions: back on ETH, its position is still there ----------------------------
        await chooseNetwork(page, 'ETH');
        const switches = wallet.requests('wallet_switchEthereumChain');
        assert.deepEqual(
          switches.map((e) => (e.params as [{ chainId: string }])[0].chainId),
          ['0x38', '0x38', '0x1'],
          'BSC is 0x38 (asked, added, asked again), ETH 0x1',
        );
        await goToTab(page, 'Serve');
        await waitForPosition(page, '150 USDC');
        assert.deepEqual(await positionAmounts(page), ['150 USDC']);
      },
    );
  });

  test('no amount, or a stake of 100 USDC: the spec messages, nothing sent', async () => {
    const user = accountFor(3);
    await withSession(
      stack,
      'stake 100',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url, `/?code=${stack.chains[1].deployment.root}`);
        await signIn(page, user);
        await goToTab(page, 'Serve');
        await waitForBalance(page);
        const since = wallet.log.length;
        await page.getByRole('button', { name: 'Stake now' }).click();
        await expectToast(page, 'Please enter the stake amount');
        await pressStake(page, '100');
        await expectToast(page, /greater than 100/);
        await assertNothingSent(page, wallet, since);
        assert.equal(await page.getByRole('dialog').count(), 0, 'no bind or confirm dialog opens');
        assert.equal((await facts(1, user)).positions.length, 0);
      },
    );
  });

  test('a stake above the wallet balance shows the balance message and sends nothing', async () => {
    const user = accountFor(4);
    const { client, deployment } = stack.chains[1];
    const balance = await client.readContract({
      address: deployment.usdc,
      abi: usdcAbi,
      functionName: 'balanceOf',
      args: [user],
    });
    const tooMuch = formatUnits(
      balance + 10n ** BigInt(deployment.usdcDecimals),
      deployment.usdcDecimals,
    );
    await withSession(
      stack,
      'stake above balance',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url, `/?code=${deployment.root}`);
        await signIn(page, user);
        await goToTab(page, 'Serve');
        await waitForBalance(page);
        const since = wallet.log.length;
        await pressStake(page, tooMuch);
        await expectToast(page, /exceeds balance/i);
        await assertNothingSent(page, wallet, since);
        assert.equal(await page.getByRole('dialog').count(), 0, 'no bind or confirm dialog opens');
        assert.equal((await facts(1, user)).positions.length, 0);
      },
    );
  });

  test('a rejected sign-in signature shows "Login Failed" and stays logged out', async () => {
    const user = accountFor(5);
    await withSession(
      stack,
      'rejected signature',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url, '/');
        await wallet.rejectNext(page, 'personal_sign');
        await chooseE2eWallet(page);
        await expectToast(page, 'Login Failed');
        // Every failure hides the loading view (spec §8): nothing blocks the page.
        assert.equal(await busyViewShown(page), false, 'the loading view is gone');
        assert.deepEqual(await busyTexts(page), ['Connecting wallet', 'Logging in']);
        const signs = wallet.requests('personal_sign');
        assert.equal(signs.length, 1);
        assert.deepEqual(signs[0]?.outcome, {
          ok: false,
          code: 4001,
          message: 'User rejected the request.',
        });
        await page.getByRole('button', { name: 'Connect wallet' }).waitFor();
        const token = await page.evaluate(() => localStorage.getItem('token'));
        assert.equal(token, null, 'no session token is stored');
        // Still logged out after a reload, too.
        await page.reload();
        await page.getByRole('button', { name: 'Connect wallet' }).waitFor();
      },
    );
  });

  test('the bind dialog: empty, invalid, self and unknown uplines refused; Cancel; bound elsewhere meanwhile', async () => {
    const user = accountFor(6);
    const eth = stack.chains[1];
    const { root } = eth.deployment;
    // Not in the referral tree: has never bound anyone.
    const stranger = accountFor(9);
    await withSession(
      stack,
      'bind dialog',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openServe(page, stack.server.url, user);
        const since = wallet.log.length;
        await pressStake(page, '150');
        const dialog = page.getByRole('dialog', { name: 'Bind invitation' });
        await dialog.waitFor({ timeout: STEP_MS });
        const input = dialog.getByLabel('Invitation Address');
        const bind = dialog.getByRole('button', { name: 'Bind' });
        assert.equal(await input.inputValue(), '', 'no invitation link: nothing prefilled');

        let mark = await toastMark(page);
        await bind.click();
        await expectToast(page, 'Invitation Address cannot be empty!', STEP_MS, mark);
        for (const [value, message] of [
          ['0x1234', 'This is not a valid address'],
          [user, 'You cannot invite yourself'],
          [stranger, 'Failed to Connect to Upper Level!'],
        ] as const) {
          mark = await toastMark(page);
          await input.fill(value);
          await bind.click();
          await expectToast(page, message, STEP_MS, mark);
        }
        await assertNothingSent(page, wallet, since);

        // A valid upline, but Cancel in 'Confirm operation': the cancel-operation message.
        mark = await toastMark(page);
        await input.fill(root);
        await bind.click();
        const confirm = page.getByRole('dialog', { name: 'Confirm operation' });
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expectToast(page, /^Operation cancelled$/, STEP_MS, mark);
        await assertNothingSent(page, wallet, since);

        // The same account binds from another device while the dialog is open: the app's
        // transaction is refused on chain, and the user is told so.
        const elsewhere = await walletOf(eth, 6).writeContract({
          address: eth.deployment.staking,
          abi: stakingAbi,
          functionName: 'bindSuperior',
          args: [root],
        });
        await eth.client.waitForTransactionReceipt({ hash: elsewhere });
        mark = await toastMark(page);
        await bind.click();
        await confirmOperation(page);
        await expectToast(page, 'Binding Failed!', 30_000, mark);
        assert.equal(await busyViewShown(page), false, 'the progress view is gone');
        assert.equal((await facts(1, user)).positions.length, 0);
      },
    );
  });

  test('approved, then the stake rejected in the wallet: the allowance left is named and set back to 0', async () => {
    const user = accountFor(8);
    const bsc = stack.chains[56];
    await stakingCallAs(bsc, 8, 'bindSuperior', [bsc.deployment.root]);
    await withSession(
      stack,
      'allowance left',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, user);
        await chooseNetwork(page, 'BSC');
        await goToTab(page, 'Serve');
        await waitForBalance(page);
        // BSC's USDC has no permit: approve (let through), then stake (rejected).
        await wallet.rejectNext(page, 'eth_sendTransaction', 1);
        const mark = await toastMark(page);
        await pressStake(page, '150');
        await confirmOperation(page);
        await expectToast(page, 'Operation cancelled in the wallet', 30_000, mark);
        assert.equal((await facts(56, user)).allowance, 150n * 10n ** 18n, 'the approval stayed');

        const notice = page.getByTestId('allowance-left');
        await notice.getByText('150 USDC').waitFor({ timeout: STEP_MS });
        const resetMark = await outcomeMark(page);
        await notice.getByRole('button', { name: 'Set the allowance back to 0' }).click();
        const summary = await confirmOperation(page);
        assert.ok(summary.includes(bsc.deployment.staking), 'the summary names the contract');
        await expectReceipt(page, 'Transaction succeeded', resetMark);
        const reset = decodeCall(usdcAbi, sentTransactions(wallet, 56).at(-1)?.data);
        assert.equal(reset.functionName, 'approve');
        assert.deepEqual(reset.args, [bsc.deployment.staking, 0n], 'approve(staking, 0)');
        assert.equal((await facts(56, user)).allowance, 0n);
        await notice.waitFor({ state: 'detached', timeout: STEP_MS });
      },
    );
  });

  test('a stake the chain refuses says "Stake failed"; a closed plan says "Subscription has ended"', async () => {
    const user = accountFor(7);
    const eth = stack.chains[1];
    const planId = await planWithRoomFor149(eth, 8);
    await stakingCallAs(eth, 7, 'bindSuperior', [eth.deployment.root]);

    await withSession(
      stack,
      'recharge failed',
      { account: user, initialChainId: 1 },
      async ({ page }) => {
        await openServe(page, stack.server.url, user);
        // 150 USDC passes the app's checks, but the plan has room for 149 only.
        assert.match(await stakeRefusedByChain(page), /7-day plan/);
        assert.equal(await busyViewShown(page), false);
        const after = await facts(1, user);
        assert.equal(after.positions.length, 0, 'nothing staked');
        assert.equal(after.allowance, 0n, 'the permit was never used');

        // The operator closes the plan: it shows as ended and cannot be chosen.
        await stakingCallAs(eth, 0, 'closePlan', [planId]);
        await page.reload();
        const sevenDays = page.getByTestId('plan-option').filter({ hasText: '7-day term' });
        await sevenDays.getByText('Subscription has ended').waitFor({ timeout: STEP_MS });
        assert.ok(await sevenDays.getByRole('radio').isDisabled());
      },
    );
  });

  test('Max: the balance in readable digits, rounded down, and every unit of it staked (ETH and BSC)', async () => {
    // Account 5's only other scenario (a rejected sign-in) writes nothing on chain.
    const user = accountFor(5);
    // An odd balance, with more decimals than the field shows (and small enough for the reward
    // budget to cover its mining): the user sends the rest away.
    for (const chain of [stack.chains[1], stack.chains[56]]) {
      const { usdc: token, usdcDecimals, root } = chain.deployment;
      await stakingCallAs(chain, 5, 'bindSuperior', [root]);
      const target = usdc(chain, usdcDecimals === 6 ? '1000.876543' : '1000.876543210987654321');
      const held = await chain.client.readContract({
        address: token,
        abi: usdcAbi,
        functionName: 'balanceOf',
        args: [user],
      });
      await confirmed(
        chain,
        await walletOf(chain, 5).writeContract({
          address: token,
          abi: usdcAbi,
          functionName: 'transfer',
          args: [root, held - target],
        }),
      );
    }
    const maxOnServe = async (page: Page, chainId: 1 | 56) => {
      const { client, deployment } = stack.chains[chainId];
      const decimals = deployment.usdcDecimals;
      const balance = await client.readContract({
        address: deployment.usdc,
        abi: usdcAbi,
        functionName: 'balanceOf',
        args: [user],
      });
      await goToTab(page, 'Serve');
      await waitForBalance(page);
      await page.getByRole('main').getByRole('button', { name: 'Max' }).click();
      // The field reads the balance in cents, rounded down (never more than the balance) ...
      const cents = 10n ** BigInt(decimals - 2);
      const shown = formatUnits((balance / cents) * cents, decimals);
      assert.equal(await page.getByLabel('Stake quantity').inputValue(), shown);
      assert.notEqual(shown, formatUnits(balance, decimals), 'the balance has more decimals');
      // ... and the stake takes all of it: the summary's exact amount, then the position on chain.
      const mark = await outcomeMark(page);
      await page.getByRole('button', { name: 'Stake now' }).click();
      const summary = await confirmOperation(page);
      const exact = new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format(
        formatUnits(balance, decimals) as unknown as number,
      );
      assert.ok(summary.includes(`exactly ${exact} USDC`), `${exact} in ${summary}`);
      await expectReceipt(page, 'Stake confirmed', mark);
      const { positions } = await facts(chainId, user);
      assert.equal(positions.at(-1)?.amount, balance, 'every unit of the balance is staked');
    };
    await withSession(
      stack,
      'stake max',
      { account: user, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, user);
        await maxOnServe(page, 1);
        await chooseNetwork(page, 'BSC');
        await maxOnServe(page, 56);
      },
    );
  });

  test('a device whose clock is an hour behind the chain still stakes with a permit the chain accepts (ETH)', async () => {
    // The permit's deadline is checked by the chain's clock: counted from this device's, it would
    // have expired there. Account 2 is bound after the invite scenario (bound here when run alone).
    const user = accountFor(2);
    const eth = stack.chains[1];
    const superior = await eth.client.readContract({
      address: eth.deployment.staking,
      abi: stakingAbi,
      functionName: 'getSuperior',
      args: [user],
    });
    if (BigInt(superior) === 0n) await stakingCallAs(eth, 2, 'bindSuperior', [eth.deployment.root]);
    const before = (await facts(1, user)).positions.length;
    const latestBlock = Number((await eth.client.getBlock()).timestamp);
    await withSession(
      stack,
      'stake with a late clock',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await page.clock.install();
        await page.clock.setSystemTime((latestBlock - 3600) * 1000);
        await openServe(page, stack.server.url, user);
        const permits = wallet.requests('eth_signTypedData_v4').length;
        const mark = await outcomeMark(page);
        await pressStake(page, '150');
        await confirmOperation(page);
        await expectReceipt(page, 'Stake confirmed', mark);
        assert.equal(wallet.requests('eth_signTypedData_v4').length, permits + 1, 'a permit');
        assert.equal((await facts(1, user)).positions.length, before + 1);
      },
    );
  });
});
