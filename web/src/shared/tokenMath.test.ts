import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChainDeployment } from '@app/contracts/generated';
import { rewardValueInUsdc, toBigInt, tokenDecimals } from './tokenMath';

test('rewardValueInUsdc values reward coin at the pool price, rounding down', () => {
  // 1.5 coins (18 decimals) at 3,000 USDC (6 decimals) each = 4,500 USDC.
  assert.equal(rewardValueInUsdc(15n * 10n ** 17n, 3_000n * 10n ** 6n, 18), 4_500n * 10n ** 6n);
  // BSC: USDC has 18 decimals too.
  assert.equal(rewardValueInUsdc(10n ** 18n, 612n * 10n ** 18n, 18), 612n * 10n ** 18n);
  // 1 wei of coin is worth less than one USDC base unit: 0, never rounded up.
  assert.equal(rewardValueInUsdc(1n, 3_000n * 10n ** 6n, 18), 0n);
});

test('tokenDecimals takes the decimals of each token from the deployment', () => {
  const deployment = { usdcDecimals: 6, rewardTokenDecimals: 18 } as ChainDeployment;
  assert.equal(tokenDecimals(deployment, 'usdc'), 6);
  assert.equal(tokenDecimals(deployment, 'reward'), 18);
});

test('toBigInt reads base-unit strings and refuses anything else', () => {
  assert.equal(toBigInt('123456789012345678901234567890'), 123456789012345678901234567890n);
  assert.equal(toBigInt(5n), 5n);
  for (const bad of ['', '1.5', '1e18', ' 1', '0x10', 'abc'])
    assert.equal(toBigInt(bad), undefined);
});
