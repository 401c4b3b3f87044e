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

/** A read client whose node knows the transaction as `state` says. */
function nodeWhere(state: 'unknown' | 'mempool' | 'success' | 'reverted'): PublicClient {
  return {
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
