import assert from 'node:assert/strict';
import { test } from 'node:test';
import { remainderBelowMinimum, validateWithdrawAmount } from './validation';

const usdc = (whole: bigint) => whole * 10n ** 6n;

test('the withdrawal amount is required', () => {
  for (const text of ['', '.', '0', '0.00'])
    assert.deepEqual(validateWithdrawAmount(text, 6, usdc(50n), usdc(1n)), {
      ok: false,
      errorKey: 'mine.errors.amountRequired',
    });
});

test('the withdrawal amount cannot be less than the minimum', () => {
  assert.deepEqual(validateWithdrawAmount('0.999999', 6, usdc(50n), usdc(1n)), {
    ok: false,
    errorKey: 'mine.errors.belowMinimum',
  });
  assert.deepEqual(validateWithdrawAmount('1', 6, usdc(50n), usdc(1n)), {
    ok: true,
    amount: usdc(1n),
  });
});

test('the withdrawal amount must not exceed the withdrawable balance', () => {
  assert.deepEqual(validateWithdrawAmount('50.000001', 6, usdc(50n), usdc(1n)), {
    ok: false,
    errorKey: 'mine.errors.exceedsBalance',
  });
  assert.deepEqual(validateWithdrawAmount('50', 6, usdc(50n), usdc(1n)), {
    ok: true,
    amount: usdc(50n),
  });
});

test('18-decimal USDC (BSC) is read in its own decimals', () => {
  assert.deepEqual(validateWithdrawAmount('1.5', 18, 2n * 10n ** 18n, 10n ** 18n), {
    ok: true,
    amount: 15n * 10n ** 17n,
  });
});

test('a balance below the minimum can be withdrawn as a whole, and only as a whole', () => {
  // 0.4 USDC left from a grant, minimum 1 USDC: all of it may leave.
  assert.deepEqual(validateWithdrawAmount('0.4', 6, 400_000n, usdc(1n)), {
    ok: true,
    amount: 400_000n,
  });
  assert.deepEqual(validateWithdrawAmount('0.3', 6, 400_000n, usdc(1n)), {
    ok: false,
    errorKey: 'mine.errors.wholeBalanceOnly',
  });
});

test('below the minimum is reported before over the balance', () => {
  assert.equal(
    (validateWithdrawAmount('0.5', 6, 0n, usdc(1n)) as { errorKey: string }).errorKey,
    'mine.errors.belowMinimum',
  );
});

test('a withdrawal that leaves less than the minimum names the rest (6- and 18-decimal USDC)', () => {
  for (const decimals of [6n, 18n]) {
    const unit = 10n ** decimals;
    // The case: 2.243854 withdrawable, 2.24 typed, 0.003854 left below the 1 USDC minimum.
    const withdrawable =
      2_243_854n * (unit / 1_000_000n) + (decimals === 18n ? 137_676_271_697n : 0n);
    const typed = 224n * (unit / 100n);
    assert.equal(remainderBelowMinimum(typed, withdrawable, unit), withdrawable - typed);
    // One base unit below the minimum still counts; exactly the minimum can leave on its own.
    assert.equal(remainderBelowMinimum(withdrawable - unit + 1n, withdrawable, unit), unit - 1n);
    assert.equal(remainderBelowMinimum(withdrawable - unit, withdrawable, unit), undefined);
  }
});

test('the whole balance, nothing typed or more than the balance leaves no rest to point out', () => {
  const min = usdc(1n);
  assert.equal(remainderBelowMinimum(usdc(50n), usdc(50n), min), undefined);
  assert.equal(remainderBelowMinimum(0n, usdc(50n), min), undefined);
  assert.equal(remainderBelowMinimum(usdc(51n), usdc(50n), min), undefined);
  assert.equal(remainderBelowMinimum(usdc(10n), usdc(50n), min), undefined);
});
