import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CallExecutionError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  RpcRequestError,
  encodeErrorResult,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { stakingAbi } from '@app/contracts/generated';
import { refusalInError, refusalOfMined } from './contractRefusal';

const hash = `0x${'34'.repeat(32)}` as Hash;
const priceAboveMax = encodeErrorResult({
  abi: stakingAbi,
  errorName: 'PriceAboveMax',
  args: [2_000_000n, 1_000_000n],
});
const deadlinePassed = encodeErrorResult({
  abi: stakingAbi,
  errorName: 'DeadlinePassed',
  args: [1_700_000_000n],
});
const slippage = encodeErrorResult({
  abi: stakingAbi,
  errorName: 'SlippageExceeded',
  args: [1n, 2n],
});

/** What viem throws when a wallet's gas estimate of a write reverts with `data`. */
const estimateError = (data: Hex, functionName: 'purchaseNode' | 'exchange') =>
  new ContractFunctionExecutionError(
    new ContractFunctionRevertedError({ abi: stakingAbi, data, functionName }),
    { abi: stakingAbi, functionName, args: [] },
  );

/** A node that mined `hash` and, replaying it at its block, reverts with `data` (or passes). */
const nodeReplaying = (data: Hex | null): Pick<PublicClient, 'getTransaction' | 'call'> =>
  ({
    async getTransaction() {
      return {
        from: `0x${'11'.repeat(20)}`,
        to: `0x${'22'.repeat(20)}`,
        input: '0x',
        value: 0n,
        blockNumber: 7n,
      };
    },
    async call() {
      if (data === null) return { data: '0x' };
      // As viem's call() throws it over HTTP: the node's JSON-RPC error (code 3, data) innermost.
      throw new CallExecutionError(
        new RpcRequestError({
          body: {},
          error: { code: 3, message: 'execution reverted', data },
          url: 'http://node',
        }),
        {},
      );
    },
  }) as unknown as Pick<PublicClient, 'getTransaction' | 'call'>;

test('a purchase refused because the price rose says so, not "transaction failed"', () => {
  assert.equal(
    refusalInError(estimateError(priceAboveMax, 'purchaseNode')),
    'tx.refused.priceAboveMax',
  );
});

test('an exchange refused because its quote is too old says so', () => {
  assert.equal(
    refusalInError(estimateError(deadlinePassed, 'exchange')),
    'tx.refused.deadlinePassed',
  );
});

test('other reverts and other errors keep the flow’s own message', () => {
  assert.equal(refusalInError(estimateError(slippage, 'exchange')), undefined);
  assert.equal(refusalInError(new Error('boom')), undefined);
});

test('a mined revert is replayed at its block to read the refusal', async () => {
  assert.equal(
    await refusalOfMined(nodeReplaying(deadlinePassed), hash),
    'tx.refused.deadlinePassed',
  );
  assert.equal(
    await refusalOfMined(nodeReplaying(priceAboveMax), hash),
    'tx.refused.priceAboveMax',
  );
  assert.equal(await refusalOfMined(nodeReplaying(slippage), hash), undefined);
  assert.equal(await refusalOfMined(nodeReplaying(null), hash), undefined);
});
