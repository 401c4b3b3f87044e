import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chartBars } from './chart';

const days = [
  { day: '2026-01-01', reward: '0', usdc: '0' },
  { day: '2026-01-02', reward: '500000000000000000', usdc: '2000000' },
  { day: '2026-01-03', reward: '2000000000000000000', usdc: '0' },
];

test('chartBars scales each token against its own largest day', () => {
  const reward = chartBars(days, 'reward');
  assert.deepEqual(
    reward.map((b) => b.ratio),
    [0, 0.25, 1],
  );
  assert.equal(reward[2]?.value, 2n * 10n ** 18n);
  const usdc = chartBars(days, 'usdc');
  assert.deepEqual(
    usdc.map((b) => b.ratio),
    [0, 1, 0],
  );
});

test('chartBars of days without income are flat', () => {
  const flat = chartBars([{ day: '2026-01-01', reward: '0', usdc: '0' }], 'reward');
  assert.deepEqual(flat, [{ day: '2026-01-01', value: 0n, ratio: 0 }]);
});
