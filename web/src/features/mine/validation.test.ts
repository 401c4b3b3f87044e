import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseUnits } from 'viem';
import { parseAmountText } from '../../shared/amount';
import { fieldAmount, maxChoice } from '../../shared/amountField';
import { remainderBelowMinimum, validateWithdrawal } from './validation';

const usdc = (whole: bigint) => whole * 10n ** 6n;

/** The rules for a typed text (no Max). */
const validateWithdrawAmount = (
  text: string,
  decimals: number,
  withdrawable: bigint,
  minimum: bigint,
) => validateWithdrawal(parseAmountText(text, decimals), withdrawable, minimum);

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

// Issue 24 §1, as on Serve and Exchange: Max shows the balance in the digits people read and,
// while the field is untouched, withdraws all of it; the odd rest is never left behind by Max.
test('Max withdraws the whole balance while the field shows it rounded (6- and 18-decimal USDC)', () => {
  for (const [decimals, exact, shown] of [
    [6, '150.003854', '150'],
    [18, '150.003854137676271697', '150'],
    [6, '1000.123456', '1000.12'],
    [18, '0.123456789012345678', '0.1234'],
  ] as const) {
    const withdrawable = parseUnits(exact, decimals);
    const minimum = parseUnits('1', decimals);
    const max = maxChoice(withdrawable, decimals, 'usdc');
    assert.equal(max.text, shown);
    const amount = fieldAmount(max.text, decimals, max);
    assert.deepEqual(validateWithdrawal(amount, withdrawable, minimum), {
      ok: true,
      amount: withdrawable,
    });
    assert.equal(remainderBelowMinimum(amount ?? 0n, withdrawable, minimum), undefined);
    // The same digits typed by hand are that amount: the odd rest is pointed out (or refused).
    const typed = fieldAmount(shown, decimals, undefined) ?? 0n;
    assert.ok(typed < withdrawable);
    if (withdrawable >= minimum)
      assert.equal(remainderBelowMinimum(typed, withdrawable, minimum), withdrawable - typed);
    else
      assert.deepEqual(validateWithdrawal(typed, withdrawable, minimum), {
        ok: false,
        errorKey: 'mine.errors.wholeBalanceOnly',
      });
  }
});
