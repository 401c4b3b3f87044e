import assert from 'node:assert/strict';
import { test } from 'node:test';
import { txLocation } from './explorer';

const hash = `0x${'ab'.repeat(32)}`;

test('production transactions link to the network explorer', () => {
  assert.deepEqual(txLocation('production', 1, hash), {
    kind: 'explorer',
    name: 'Etherscan',
    url: `https://etherscan.io/tx/${hash}`,
  });
  assert.deepEqual(txLocation('production', 56, hash), {
    kind: 'explorer',
    name: 'BscScan',
    url: `https://bscscan.com/tx/${hash}`,
  });
});

test('a local build never links a mainnet explorer', () => {
  assert.deepEqual(txLocation('local', 1, hash), { kind: 'local' });
  assert.deepEqual(txLocation('local', 56, hash), { kind: 'local' });
});

test('an unknown chain has no location', () => {
  assert.deepEqual(txLocation('production', 5, hash), { kind: 'unknown' });
});
