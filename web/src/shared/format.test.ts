import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toInputAmount } from './displayAmount';
import { bpsToPercent, shortAddress } from './format';
import { isAmountText } from './ui/AmountInput';

test('shortAddress keeps 4 characters, an ellipsis and 4 characters', () => {
  assert.equal(shortAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'), '0x70...79C8');
  assert.equal(shortAddress(undefined), '');
});

test('toInputAmount gives a plain decimal for the Max button', () => {
  assert.equal(toInputAmount(1_234_500_000n, 6), '1234.5');
  assert.equal(toInputAmount(2n * 10n ** 18n, 18), '2');
});

test('isAmountText never accepts more decimals than the token has', () => {
  assert.ok(isAmountText('1.123456', 6));
  assert.ok(!isAmountText('1.1234567', 6));
  assert.ok(isAmountText('1.123456789012345678', 18));
  assert.ok(!isAmountText('1e5', 6));
  assert.ok(!isAmountText('-1', 6));
});

test('bpsToPercent', () => {
  assert.equal(bpsToPercent(50), '0.5');
  assert.equal(bpsToPercent(80), '0.8');
  assert.equal(bpsToPercent(1000), '10');
  assert.equal(bpsToPercent(125), '1.25');
  assert.equal(bpsToPercent(5), '0.05');
});
