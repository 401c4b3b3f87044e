import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextLevel } from './levels';

const usdc = (n: number) => BigInt(n) * 10n ** 6n;
const thresholds = [1_000, 5_000, 20_000, 50_000, 100_000, 500_000].map(usdc);

test('nextLevel names the next level and the team performance still missing', () => {
  assert.deepEqual(nextLevel(0, usdc(150), thresholds), {
    level: 1,
    threshold: usdc(1_000),
    missing: usdc(850),
  });
  assert.deepEqual(nextLevel(2, usdc(20_000), thresholds), {
    level: 3,
    threshold: usdc(20_000),
    missing: 0n,
  });
});

test('nextLevel is null at the top level and without thresholds', () => {
  assert.equal(nextLevel(6, usdc(900_000), thresholds), null);
  assert.equal(nextLevel(0, 0n, []), null);
});
