import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minusTolerance, parseAmountText } from './amount';

test('parseAmountText reads plain decimals in base units', () => {
  assert.equal(parseAmountText('1.5', 6), 1_500_000n);
  assert.equal(parseAmountText('0.000001', 6), 1n);
  assert.equal(parseAmountText(' 2 ', 18), 2n * 10n ** 18n);
  assert.equal(parseAmountText('.5', 6), 500_000n);
  assert.equal(parseAmountText('7.', 6), 7_000_000n);
});

test('parseAmountText refuses empty text, garbage and more decimals than the token has', () => {
  for (const text of ['', ' ', '.', 'abc', '1e3', '-1', '1,5', '1.2.3'])
    assert.equal(parseAmountText(text, 6), undefined, text);
  assert.equal(parseAmountText('0.0000001', 6), undefined);
  assert.equal(parseAmountText('1.5', 0), undefined);
});

test('minusTolerance takes basis points off and rounds down', () => {
  assert.equal(minusTolerance(1_000_000n, 50), 995_000n);
  assert.equal(minusTolerance(999n, 50), 994n); // 994.005 → 994
  assert.equal(minusTolerance(123n, 0), 123n);
  assert.equal(minusTolerance(123n, 10_000), 0n);
  assert.throws(() => minusTolerance(1n, -1), RangeError);
  assert.throws(() => minusTolerance(1n, 10_001), RangeError);
  assert.throws(() => minusTolerance(1n, 0.5), RangeError);
});
