import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
} from 'viem';
import { settleTimeout, timeoutOutcome } from './receipt';

const hash = `0x${'12'.repeat(32)}` as Hash;

const sender = `0x${'ab'.repeat(20)}` as const;

/** A read client whose node knows the transaction as `state` says; `code` is the sender's code. */
function nodeWhere(
  state: 'unknown' | 'mempool' | 'success' | 'reverted',
  code?: string,
): PublicClient {
  return {
    async getCode() {
      return code;
    },
    async getTransactionReceipt() {
      if (state === 'success' || state === 'reverted')
        return { status: state === 'success' ? 'success' : 'reverted' };
      throw new TransactionReceiptNotFoundError({ hash });
    },
    async getTransaction() {
      if (state === 'unknown') throw new TransactionNotFoundError({ hash });
      return { hash };
    },
  } as unknown as PublicClient;
}

test('a transaction the node no longer knows was dropped', async () => {
  assert.equal(await timeoutOutcome(nodeWhere('unknown'), hash), 'dropped');
  assert.equal(await settleTimeout(nodeWhere('unknown'), hash), 'tx.dropped');
});

test('one still in the mempool is still pending: the user is told to look in the wallet', async () => {
  assert.equal(await timeoutOutcome(nodeWhere('mempool'), hash), 'pending');
  assert.equal(await settleTimeout(nodeWhere('mempool'), hash), 'toast.txTimeout');
});

test('one mined just after the timeout reports its result', async () => {
  assert.equal(await settleTimeout(nodeWhere('success'), hash), 'toast.txSucceeded');
  assert.equal(await settleTimeout(nodeWhere('reverted'), hash), 'toast.txFailed');
});

test('an unreachable node is not taken for a dropped transaction', async () => {
  const down = {
    getTransactionReceipt: async () => {
      throw new Error('fetch failed');
    },
    getTransaction: async () => {
      throw new Error('fetch failed');
    },
  } as unknown as PublicClient;
  assert.equal(await settleTimeout(down, hash), 'toast.txTimeout');
});

test("a contract account's hash the node does not know is still pending in the wallet, not dropped", async () => {
  // A Safe's transaction waiting for its other owners: the returned hash is not mined at once.
  const safe = nodeWhere('unknown', '0x608060405273ffffffffffffffffffffffffffffffffffffffff');
  assert.equal(await timeoutOutcome(safe, hash, sender), 'pending');
  assert.equal(await settleTimeout(safe, hash, sender), 'toast.txTimeout');
  // An EOA (no code), even one delegated with EIP-7702, sends its own transactions: dropped.
  assert.equal(await timeoutOutcome(nodeWhere('unknown', undefined), hash, sender), 'dropped');
  const delegated = nodeWhere('unknown', `0xef0100${'cd'.repeat(20)}`);
  assert.equal(await timeoutOutcome(delegated, hash, sender), 'dropped');
});
