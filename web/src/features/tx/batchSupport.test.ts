import assert from 'node:assert/strict';
import { test } from 'node:test';
import { atomicBatchVersion, batchesAtomically, batchingSetting } from './batchSupport';

test('the deployment setting: batching is on unless it says off', () => {
  assert.equal(batchingSetting(undefined), true);
  assert.equal(batchingSetting(''), true);
  assert.equal(batchingSetting('on'), true);
  assert.equal(batchingSetting('off'), false);
  assert.equal(batchingSetting(' OFF '), false);
});

test("a wallet batches when its capabilities say atomic 'supported' or 'ready'", () => {
  assert.equal(batchesAtomically({ atomic: { status: 'supported' } }), true);
  // MetaMask says 'ready' for an account it will upgrade (EIP-7702) when asked.
  assert.equal(batchesAtomically({ atomic: { status: 'ready' } }), true);
  assert.equal(atomicBatchVersion({ atomic: { status: 'supported' } }), '2.0.0');
  assert.equal(batchesAtomically({ atomic: { status: 'unsupported' } }), false);
  assert.equal(batchesAtomically({}), false);
  assert.equal(batchesAtomically(undefined), false);
  assert.equal(batchesAtomically(null), false);
});

test('a wallet of the earlier EIP-5792 draft (atomicBatch) batches, asked in that version', () => {
  // Older Coinbase Wallet releases answer this way.
  assert.equal(batchesAtomically({ atomicBatch: { supported: true } }), true);
  assert.equal(atomicBatchVersion({ atomicBatch: { supported: true } }), '1.0');
  assert.equal(batchesAtomically({ atomicBatch: { supported: false } }), false);
  assert.equal(batchesAtomically({ atomicBatch: { supported: 'true' } }), false);
  assert.equal(batchesAtomically({ atomicBatch: {} }), false);
  // The final capability wins over the draft's when a wallet states both.
  assert.equal(
    batchesAtomically({ atomic: { status: 'unsupported' }, atomicBatch: { supported: true } }),
    false,
  );
  assert.equal(
    atomicBatchVersion({ atomic: { status: 'ready' }, atomicBatch: { supported: true } }),
    '2.0.0',
  );
});
