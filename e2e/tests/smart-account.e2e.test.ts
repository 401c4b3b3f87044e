/**
 * Issue 18 §4 in the browser: a smart-contract account signs in and stakes. The wallet's account is
 * a real Safe v1.4.1 (Safe's published bytecode at its canonical addresses, 1-of-1, owned by an
 * anvil key), as when Safe{Wallet} connects a site: the sign-in message is signed the ERC-1271 way
 * and checked by the server against the chain; binding the upline is one Safe transaction; approve
 * + stake go as one EIP-5792 batch, which the Safe runs as ONE transaction through
 * MultiSendCallOnly. A Safe whose wallet does not batch takes the exact-approve path, never the
 * permit that USDC on ETH offers a key (USDC checks a permit with ecrecover: a Safe cannot sign one).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeEventLog, hexToString, type Address, type Hash, type Hex } from 'viem';
import { stakingAbi, stakingLensAbi, usdcAbi } from '@app/contracts/generated';
import { safeAbi, safeAddresses } from '@app/contracts/safe';
import { createSafe, deploySafeContracts } from '@app/contracts/safe-deploy';
import {
  bindInvitation,
  confirmOperation,
  decodeCall,
  goToTab,
  openApp,
  pressStake,
  sentTransactions,
  signIn,
  waitForBalance,
  waitForPosition,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import {
  accountAddress,
  confirmed,
  parseShown,
  usdc,
  usdcAllowance,
  usdcBalance,
  walletOf,
} from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';

describe('a Safe signs in and stakes in the browser', { timeout: 600_000 }, () => {
  let stack: Stack;
  let safe: Address;
  /** A second Safe of the same owner, used with a wallet that does not batch. */
  let unbatchedSafe: Address;
  const owner = accountAddress(8);

  before(async () => {
    stack = await startStack();
    const eth = stack.chains[1];
    const clients = {
      publicClient: eth.client,
      walletClient: eth.deployer as Parameters<typeof deploySafeContracts>[0]['walletClient'],
    };
    await deploySafeContracts(clients);
    safe = await createSafe(clients, { owners: [owner], threshold: 1 });
    unbatchedSafe = await createSafe(clients, { owners: [owner], threshold: 1, saltNonce: 1n });
    // The Safes hold USDC; their owner's key pays the gas of what they do.
    for (const account of [safe, unbatchedSafe])
      await confirmed(
        eth,
        await walletOf(eth, 8).writeContract({
          address: eth.deployment.usdc,
          abi: usdcAbi,
          functionName: 'transfer',
          args: [account, usdc(eth, '1000')],
        }),
      );
  });

  after(async () => {
    await stack?.stop();
  });

  test('ERC-1271 sign-in, bind as a Safe transaction, approve + stake as one batch', async () => {
    const eth = stack.chains[1];
    const { staking, usdc: token, root, stakingLens } = eth.deployment;
    assert.ok(await eth.client.getCode({ address: safe }), 'the account is a contract');

    await withSession(
      stack,
      'safe stakes',
      { account: safe, initialChainId: 1, safeOwner: owner },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url, `/?code=${root}`);
        await signIn(page, safe);
        // The server accepted the Safe's signature, which no key of the Safe's address made: the
        // chain (the Safe's isValidSignature) says it is the Safe's.
        const [signRequest] = wallet.requests('personal_sign');
        assert.ok(signRequest?.outcome?.ok, 'the wallet signed the sign-in message');
        const [messageHex] = signRequest.params as [Hex];
        const signature = signRequest.outcome.result as Hex;
        assert.match(hexToString(messageHex), /wants you to sign in/);
        assert.equal(
          await eth.client.verifyMessage({
            address: safe,
            message: { raw: messageHex },
            signature,
          }),
          true,
        );

        await goToTab(page, 'Serve');
        assert.equal(parseShown(await waitForBalance(page), 6), usdc(eth, '1000'));
        const before = await usdcBalance(eth, safe);
        const mark = await outcomeMark(page);
        await pressStake(page, '150');
        await bindInvitation(page, root);
        await confirmOperation(page);
        await expectReceipt(page, 'Stake confirmed', mark);
        await waitForPosition(page, '150 USDC');

        // The binding: one plain transaction request, run by the Safe.
        const plain = sentTransactions(wallet, 1);
        assert.equal(plain.length, 1);
        assert.equal(decodeCall(stakingAbi, plain[0]?.data).functionName, 'bindSuperior');
        const bindHash = plain[0]?.entry.outcome?.ok
          ? (plain[0].entry.outcome.result as Hash)
          : undefined;
        assert.ok(bindHash);
        const bindTx = await eth.client.getTransaction({ hash: bindHash });
        assert.equal(bindTx.to?.toLowerCase(), safe.toLowerCase(), 'executed by the Safe');
        assert.equal(bindTx.from.toLowerCase(), owner.toLowerCase(), 'sent by its owner');

        // Approve + stake: one batch, no permit signature, ONE Safe transaction through MultiSend.
        assert.equal(wallet.requests('eth_signTypedData_v4').length, 0);
        const batches = wallet.requests('wallet_sendCalls');
        assert.equal(batches.length, 1);
        const calls = (batches[0]!.params as [{ calls: { to: string }[] }])[0].calls;
        assert.deepEqual(
          calls.map((c) => c.to.toLowerCase()),
          [token.toLowerCase(), staking.toLowerCase()],
          'approve, then stake',
        );
        const id = (batches[0]!.outcome as { ok: true; result: { id: Hash } }).result.id;
        const batchTx = await eth.client.getTransaction({ hash: id });
        assert.equal(batchTx.to?.toLowerCase(), safe.toLowerCase());
        const receipt = await eth.client.getTransactionReceipt({ hash: id });
        assert.equal(receipt.status, 'success');
        const events = receipt.logs.flatMap((l) => {
          if (l.address.toLowerCase() !== staking.toLowerCase()) return [];
          return [decodeEventLog({ abi: stakingAbi, data: l.data, topics: l.topics }).eventName];
        });
        assert.ok(events.includes('Staked'), `the stake is in the batch transaction: ${events}`);
        const safeEvents = receipt.logs.flatMap((l) => {
          if (l.address.toLowerCase() !== safe.toLowerCase()) return [];
          try {
            return [decodeEventLog({ abi: safeAbi, data: l.data, topics: l.topics }).eventName];
          } catch {
            return []; // an event of the Safe this test does not name
          }
        });
        assert.deepEqual(safeEvents, ['ExecutionSuccess'], 'the Safe ran it, successfully');
        assert.equal(
          decodeCall(safeAbi, batchTx.input).args?.[0],
          safeAddresses.multiSendCallOnly,
          'both calls through MultiSendCallOnly',
        );

        // The position is the Safe's, the USDC came from it, the exact approval was used up.
        const positions = await eth.client.readContract({
          address: stakingLens,
          abi: stakingLensAbi,
          functionName: 'getPositions',
          args: [safe],
        });
        assert.equal(positions.length, 1);
        assert.equal(before - (await usdcBalance(eth, safe)), usdc(eth, '150'));
        assert.equal(await usdcAllowance(eth, safe), 0n);
        const superior = await eth.client.readContract({
          address: staking,
          abi: stakingAbi,
          functionName: 'getSuperior',
          args: [safe],
        });
        assert.equal(superior, root);
      },
    );
  });
  test('a Safe whose wallet does not batch: exact approve, then stake (never a permit)', async () => {
    const eth = stack.chains[1];
    const { staking, usdc: token, root } = eth.deployment;
    assert.equal(eth.deployment.usdcHasPermit, true, 'a key would be asked for a permit here');
    await withSession(
      stack,
      'safe stakes without batches',
      { account: unbatchedSafe, initialChainId: 1, safeOwner: owner, safeBatches: false },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url, `/?code=${root}`);
        await signIn(page, unbatchedSafe);
        await goToTab(page, 'Serve');
        await waitForBalance(page);
        const mark = await outcomeMark(page);
        await pressStake(page, '150');
        await bindInvitation(page, root);
        const summary = await confirmOperation(page);
        assert.match(summary, /approve exactly 150 USDC/, 'the summary tells the approve path');
        assert.doesNotMatch(summary, /permit/);
        await expectReceipt(page, 'Stake confirmed', mark);
        await waitForPosition(page, '150 USDC');

        // No permit (a Safe cannot sign one that USDC's ecrecover accepts), no batch: three Safe
        // transactions, bind, approve exactly 150 USDC, stake.
        assert.equal(wallet.requests('eth_signTypedData_v4').length, 0);
        assert.equal(wallet.requests('wallet_sendCalls').length, 0);
        const sent = sentTransactions(wallet, 1);
        assert.deepEqual(
          sent.map((tx) => tx.to?.toLowerCase()),
          [staking, token, staking].map((a) => a.toLowerCase()),
        );
        const approve = decodeCall(usdcAbi, sent[1]?.data);
        assert.equal(approve.functionName, 'approve');
        assert.deepEqual(approve.args, [staking, usdc(eth, '150')]);
        assert.equal(decodeCall(stakingAbi, sent[2]?.data).functionName, 'stake');
        assert.equal(await usdcAllowance(eth, unbatchedSafe), 0n);
        assert.equal(
          (
            await eth.client.readContract({
              address: eth.deployment.stakingLens,
              abi: stakingLensAbi,
              functionName: 'getPositions',
              args: [unbatchedSafe],
            })
          ).length,
          1,
        );
      },
    );
  });
});
