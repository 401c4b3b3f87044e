import assert from 'node:assert/strict';
import { test } from 'node:test';
import { batchesAtomically, batchingSetting } from './batchSupport';

test('the deployment setting: batching is on unless it says off', () => {
  assert.equal(batchingSetting(undefined), true);
  assert.equal(batchingSetting(''), true);
  assert.equal(batchingSetting('on'), true);
  assert.equal(batchingSetting('off'), false);
  assert.equal(batchingSetting(' OFF '), false);
});

test("a wallet batches only when its capabilities say atomic 'supported' or 'ready'", () => {
  assert.equal(batchesAtomically({ atomic: { status: 'supported' } }), true);
  // MetaMask says 'ready' for an account it will upgrade (EIP-7702) when asked.
  assert.equal(batchesAtomically({ atomic: { status: 'ready' } }), true);
  assert.equal(batchesAtomically({ atomic: { status: 'unsupported' } }), false);
  assert.equal(batchesAtomically({}), false);
  assert.equal(batchesAtomically(undefined), false);
  // The pre-2.0 capability (atomicBatch) is not the atomic guarantee the flow relies on.
  assert.equal(batchesAtomically({ atomicBatch: { supported: true } }), false);
});
