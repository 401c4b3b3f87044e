/**
 * Issue 18 §5: one confirmation where the wallet can. The test wallet implements EIP-5792 for real:
 * it delegates its account with EIP-7702 to LocalBatchExecutor (deployed here), so approve + stake
 * (and approve + purchase) are ONE wallet_sendCalls and ONE atomic transaction, followed with
 * wallet_getCallsStatus. A batch whose stake fails leaves no allowance behind; a pending batch is
 * still followed after a reload; a wallet without EIP-5792 keeps the permit / approve path.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { stakingAbi, stakingLensAbi } from '@app/contracts/generated';
import { decodeEventLog, type Address, type Hash, type Hex } from 'viem';
import {
  busyViewShown,
  confirmOperation,
  expectToast,
  openServe,
  openSignedIn,
  pressStake,
  sentTransactions,
  stakeRefusedByChain,
  STEP_MS,
  toastMark,
  waitForText,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import {
  accountAddress,
  confirmed,
  mineBlock,
  planWithRoomFor149,
  setAutomine,
  stakingCallAs,
  usdc,
  usdcAllowance,
  usdcBalance,
  walletOf,
} from '../chain.ts';
import { startStack, withSession, type LocalChain, type Stack } from '../harness.ts';
import { batchExecutorArtifact } from '../wallet/batch.ts';
import type { WalletHandle } from '../wallet/index.ts';

/** Deploys LocalBatchExecutor on `chain` (by anvil account 9, which no scenario here uses). */
async function deployExecutor(chain: LocalChain): Promise<Address> {
  const { abi, bytecode } = batchExecutorArtifact();
  const hash = await walletOf(chain, 9).deployContract({ abi, bytecode });
  await confirmed(chain, hash);
  const receipt = await chain.client.getTransactionReceipt({ hash });
  assert.ok(receipt.contractAddress);
  return receipt.contractAddress;
}

/** The batch ids the app's wallet_sendCalls requests got back, in order. */
function batchIds(wallet: WalletHandle): Hash[] {
  return wallet
    .requests('wallet_sendCalls')
    .flatMap((e) => (e.outcome?.ok ? [(e.outcome.result as { id: Hash }).id] : []));
}

describe(
  'one confirmation with a wallet that batches (EIP-5792 over EIP-7702)',
  { timeout: 600_000 },
  () => {
    let stack: Stack;
    let executors: Record<number, Hex>;

    before(async () => {
      stack = await startStack();
      executors = {
        1: await deployExecutor(stack.chains[1]),
        56: await deployExecutor(stack.chains[56]),
      };
    });

    after(async () => {
      await stack?.stop();
    });

    test('approve + stake, then approve + purchase: one confirmation and one atomic transaction each', async () => {
      const user = accountAddress(3);
      const eth = stack.chains[1];
      const { staking, usdc: token, root } = eth.deployment;
      await stakingCallAs(eth, 3, 'bindSuperior', [root]);
      await withSession(
        stack,
        'batch stake',
        { account: user, initialChainId: 1, batchExecutors: executors },
        async ({ page, wallet }) => {
          await openServe(page, stack.server.url, user);
          const before = await usdcBalance(eth, user);
          const mark = await outcomeMark(page);
          await pressStake(page, '150');
          await confirmOperation(page);
          await expectReceipt(page, 'Stake confirmed', mark);

          // One prompt: no separate approval, no permit signature, no plain transaction.
          assert.equal(wallet.requests('wallet_sendCalls').length, 1);
          assert.equal(sentTransactions(wallet).length, 0);
          assert.equal(wallet.requests('eth_signTypedData_v4').length, 0);
          assert.ok(wallet.requests('wallet_getCallsStatus').length >= 1, 'followed by its status');
          const calls = (
            wallet.requests('wallet_sendCalls')[0]!.params as [{ calls: unknown[] }]
          )[0].calls as { to: string }[];
          assert.deepEqual(
            calls.map((c) => c.to.toLowerCase()),
            [token.toLowerCase(), staking.toLowerCase()],
            'approve, then stake',
          );

          // ONE transaction, which delegated the account (EIP-7702) and did both.
          const [id] = batchIds(wallet);
          assert.ok(id);
          const tx = await eth.client.getTransaction({ hash: id });
          assert.equal(tx.type, 'eip7702');
          assert.equal(tx.to?.toLowerCase(), user.toLowerCase(), 'sent by the account to itself');
          assert.equal(
            (await eth.client.getCode({ address: user }))?.toLowerCase(),
            `0xef0100${executors[1]!.slice(2)}`.toLowerCase(),
          );
          const receipt = await eth.client.getTransactionReceipt({ hash: id });
          assert.equal(receipt.status, 'success');
          const staked = receipt.logs
            .filter((l) => l.address.toLowerCase() === staking.toLowerCase())
            .map((l) => decodeEventLog({ abi: stakingAbi, data: l.data, topics: l.topics }))
            .map((e) => e.eventName);
          assert.ok(staked.includes('Staked'), `the stake is in the same transaction: ${staked}`);
          assert.equal(before - (await usdcBalance(eth, user)), usdc(eth, '150'));
          assert.equal(await usdcAllowance(eth, user), 0n, 'the exact approval was used up');
          const positions = await eth.client.readContract({
            address: eth.deployment.stakingLens,
            abi: stakingLensAbi,
            functionName: 'getPositions',
            args: [user],
          });
          assert.equal(positions.length, 1);

          // Membership: approve exactly the price + purchaseNode, one batch (the account is already
          // delegated: a plain transaction to itself this time).
          await page
            .getByRole('navigation', { name: 'Main navigation' })
            .getByRole('button', { name: 'Mine' })
            .click();
          await waitForText(page, 'node-price', (t) => t === '1,000 USDC');
          const markNode = await outcomeMark(page);
          await page.getByTestId('buy-node').click();
          await confirmOperation(page);
          await expectReceipt(page, 'Transaction succeeded', markNode);
          assert.equal(wallet.requests('wallet_sendCalls').length, 2);
          assert.equal(sentTransactions(wallet).length, 0);
          const nodeBatch = batchIds(wallet)[1]!;
          const nodeReceipt = await eth.client.getTransactionReceipt({ hash: nodeBatch });
          assert.equal(nodeReceipt.status, 'success');
          assert.equal(await usdcAllowance(eth, user), 0n);
          await waitForText(page, 'membership-status', (t) => t === 'Node address');
        },
      );
    });

    test('a batch whose stake fails is undone whole: "Stake failed" and no allowance left behind', async () => {
      const user = accountAddress(4);
      const eth = stack.chains[1];
      await planWithRoomFor149(eth, 8);
      await stakingCallAs(eth, 4, 'bindSuperior', [eth.deployment.root]);
      await withSession(
        stack,
        'batch stake fails',
        { account: user, initialChainId: 1, batchExecutors: executors },
        async ({ page, wallet }) => {
          await openServe(page, stack.server.url, user);
          const before = await usdcBalance(eth, user);
          await stakeRefusedByChain(page);

          const [id] = batchIds(wallet);
          assert.ok(id, 'the batch was sent');
          const receipt = await eth.client.getTransactionReceipt({ hash: id });
          assert.equal(receipt.status, 'reverted', 'mined, and reverted as a whole');
          assert.equal(await usdcAllowance(eth, user), 0n, 'the approval went with the stake');
          assert.equal(await usdcBalance(eth, user), before);
          assert.equal(sentTransactions(wallet).length, 0);
        },
      );
    });

    test('a pending batch is still followed after a reload, until the wallet reports it done', async () => {
      const user = accountAddress(5);
      const eth = stack.chains[1];
      await stakingCallAs(eth, 5, 'bindSuperior', [eth.deployment.root]);
      await withSession(
        stack,
        'batch pending reload',
        { account: user, initialChainId: 1, batchExecutors: executors },
        async ({ page, wallet }) => {
          await openServe(page, stack.server.url, user);
          await setAutomine(eth, false);
          try {
            await pressStake(page, '150');
            await confirmOperation(page);
            // Sent, not mined: the flow says it waits for the wallet's report, not for a hash.
            await page
              .getByText('Sent as one batch: waiting for your wallet to report it confirmed')
              .waitFor({ timeout: STEP_MS });
            assert.equal(batchIds(wallet).length, 1);
            await page.reload();
            const banner = page.getByTestId('pending-tx');
            await banner
              .getByText('Waiting for the batch sent from your wallet to be confirmed')
              .waitFor({ timeout: STEP_MS });
            const mark = await toastMark(page);
            const asked = wallet.requests('wallet_getCallsStatus').length;
            await mineBlock(eth);
            // After the reload no receipt card shows the batch: the toast says it.
            await expectToast(page, 'Transaction succeeded', 30_000, mark);
            await banner.waitFor({ state: 'detached', timeout: STEP_MS });
            assert.ok(wallet.requests('wallet_getCallsStatus').length > asked, 'asked the wallet');
          } finally {
            await setAutomine(eth, true);
          }
          assert.equal(await usdcAllowance(eth, user), 0n);
        },
      );
    });

    test('a wallet without EIP-5792 keeps its way: permit on ETH', async () => {
      const user = accountAddress(6);
      const eth = stack.chains[1];
      await stakingCallAs(eth, 6, 'bindSuperior', [eth.deployment.root]);
      await withSession(
        stack,
        'no batch permit',
        { account: user, initialChainId: 1 },
        async ({ page, wallet }) => {
          await openSignedIn(page, stack.server.url, user, 'Serve');
          const mark = await outcomeMark(page);
          await pressStake(page, '150');
          await confirmOperation(page);
          await expectReceipt(page, 'Stake confirmed', mark);
          assert.equal(wallet.requests('wallet_sendCalls').length, 0);
          assert.equal(wallet.requests('eth_signTypedData_v4').length, 1, 'the permit');
          assert.equal(sentTransactions(wallet).length, 1, 'stakeWithPermit');
        },
      );
    });

    test('issue 18 §4: a hash the wallet returns is not taken as mined: each step waits for its block', async () => {
      const user = accountAddress(7);
      const bsc = stack.chains[56];
      await stakingCallAs(bsc, 7, 'bindSuperior', [bsc.deployment.root]);
      await withSession(
        stack,
        'hashes mined later',
        { account: user, initialChainId: 56 },
        async ({ page, wallet }) => {
          await openServe(page, stack.server.url, user);
          await setAutomine(bsc, false);
          try {
            const mark = await outcomeMark(page);
            await pressStake(page, '150');
            await confirmOperation(page);
            // The approval is sent, not mined: the flow says so and does not go on to the stake.
            await page.getByText('Waiting for the block').waitFor({ timeout: STEP_MS });
            await page.waitForTimeout(1500);
            assert.equal(sentTransactions(wallet, 56).length, 1, 'only the approval so far');
            await mineBlock(bsc);
            // Mined: now the stake, which waits for its own block in turn.
            const started = Date.now();
            while (sentTransactions(wallet, 56).length < 2 && Date.now() - started < STEP_MS)
              await page.waitForTimeout(200);
            assert.equal(sentTransactions(wallet, 56).length, 2, 'the stake, after the approval');
            await page.waitForTimeout(1500);
            assert.equal(await usdcAllowance(bsc, user), usdc(bsc, '150'), 'stake not mined yet');
            assert.equal(await busyViewShown(page), true, 'still waiting, not done');
            await mineBlock(bsc);
            await expectReceipt(page, 'Stake confirmed', mark);
          } finally {
            await setAutomine(bsc, true);
          }
          assert.equal(await usdcAllowance(bsc, user), 0n);
        },
      );
    });
  },
);
