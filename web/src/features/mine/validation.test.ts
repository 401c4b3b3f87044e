import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateWithdrawAmount } from './validation';

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
