import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeAbiParameters, stringToHex } from 'viem';
import { decodeSymbol } from './tokenSymbol';

test('decodeSymbol reads an ABI string as symbol() returns it', () => {
  assert.equal(decodeSymbol(encodeAbiParameters([{ type: 'string' }], ['WETH'])), 'WETH');
  assert.equal(decodeSymbol(encodeAbiParameters([{ type: 'string' }], ['WBNB'])), 'WBNB');
  assert.equal(decodeSymbol(encodeAbiParameters([{ type: 'string' }], ['USD₮0'])), 'USD₮0');
});

test('decodeSymbol reads the bytes32 symbol of old tokens', () => {
  assert.equal(decodeSymbol(stringToHex('MKR', { size: 32 })), 'MKR');
});

test('decodeSymbol refuses what is not a symbol', () => {
  for (const bad of ['0x', '0x1', 'WETH', `0x${'00'.repeat(32)}`, `0x${'00'.repeat(64)}`])
    assert.equal(decodeSymbol(bad), undefined, bad);
  // An offset pointing past the data.
  assert.equal(decodeSymbol(`0x${'ff'.padStart(64, '0')}${'00'.repeat(32)}`), undefined);
});
