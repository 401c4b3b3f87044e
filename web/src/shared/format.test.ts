import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bpsToPercent, formatAmount, shortAddress, toInputAmount } from './format';
import { isAmountText } from './ui/AmountInput';

test('shortAddress keeps 4 characters, an ellipsis and 4 characters', () => {
  assert.equal(shortAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'), '0x70...79C8');
  assert.equal(shortAddress(undefined), '');
});

test('formatAmount truncates (never rounds up) and groups thousands', () => {
  assert.equal(formatAmount(999_850_000_000n, 6), '999,850');
  assert.equal(formatAmount(1_999_999n, 6, 2), '1.99');
  assert.equal(formatAmount(10n ** 18n / 3n, 18), '0.333333');
  assert.equal(formatAmount(123_456_789_012_345_678_901n, 18, 18), '123.456789012345678901');
});

test('formatAmount writes numbers the way the locale does, digits exact', () => {
  assert.equal(formatAmount(1_234_567_891_234n, 6, 6, 'fr'), '1\u202f234\u202f567,891234');
  assert.equal(formatAmount(1_234_500_000n, 6, 6, 'es'), '1234,5');
  assert.equal(formatAmount(12_345_500_000n, 6, 6, 'vi'), '12.345,5');
  assert.equal(formatAmount(12_345_500_000n, 6, 6, 'en'), '12,345.5');
  assert.equal(formatAmount(-1_500_000n, 6, 6, 'en'), '-1.5');
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
});
