import assert from 'node:assert/strict';
import { test } from 'node:test';
import { feeInUsdc, networkFee, worthLessThanFee } from './networkFee';

const gwei = 10n ** 9n;

test('the fee is the gas estimate times the price per gas, in the coin', () => {
  const fee = networkFee(43_210n, 12n * gwei);
  assert.equal(fee.coin, 518_520n * gwei);
});

test('the fee in USDC follows the pool price of the wrapped coin, on 6- and 18-decimal USDC', () => {
  // 0.00051852 ETH at 3,000 USDC a coin is 1.55556 USDC (rounded down to the USDC's last unit).
  const coin = 518_520n * gwei;
  assert.equal(feeInUsdc(coin, 3_000n * 10n ** 6n), 1_555_560n);
  assert.equal(feeInUsdc(coin, 3_000n * 10n ** 18n), 1_555_560n * 10n ** 12n);
  assert.equal(feeInUsdc(coin, undefined), undefined, 'no pool price: no USDC figure');
});

test('an amount is worth less than its fee only when both are known and it is below', () => {
  assert.equal(worthLessThanFee(9n, 10n), true);
  assert.equal(worthLessThanFee(10n, 10n), false);
  assert.equal(worthLessThanFee(1n, undefined), false, 'no price: no warning rather than a guess');
});
