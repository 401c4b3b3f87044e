import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createPublicClient, http } from 'viem';
import { networks, toViemChain } from '../src/chains.ts';

test("a client polls for receipts and blocks at half the chain's block time", () => {
  const pollingOf = (key: keyof typeof networks) =>
    createPublicClient({
      chain: toViemChain(networks[key], 'http://127.0.0.1:1'),
      transport: http(),
    }).pollingInterval;
  // BSC makes a block every 0.45 s: a receipt is looked for every 0.5 s (viem's floor), not 4 s.
  assert.equal(pollingOf('BSC'), 500);
  assert.equal(pollingOf('ETH'), 4_000);
});
