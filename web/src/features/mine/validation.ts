export type WithdrawValidation =
  | { ok: true; amount: bigint }
  | {
      ok: false;
      errorKey:
        | 'mine.errors.amountRequired'
        | 'mine.errors.belowMinimum'
        | 'mine.errors.wholeBalanceOnly'
        | 'mine.errors.exceedsBalance';
    };

/**
 * Spec §5 (withdraw): the amount is required, cannot be less than the contract's minimum
 * withdrawal, and must not exceed the withdrawable balance. As in the contract, a balance smaller
 * than the minimum (a small grant or dividend) can leave as a whole, so it is never stuck.
 * `amount` is what the field stands for (`useAmountField`): after Max, the exact balance while the
 * field shows it rounded, so Max is always the whole balance, never a rest.
 */
export function validateWithdrawal(
  amount: bigint | undefined,
  withdrawable: bigint,
  minimum: bigint,
): WithdrawValidation {
  if (amount === undefined || amount === 0n)
    return { ok: false, errorKey: 'mine.errors.amountRequired' };
  if (amount < minimum && amount !== withdrawable) {
    const small = withdrawable > 0n && withdrawable < minimum;
    return {
      ok: false,
      errorKey: small ? 'mine.errors.wholeBalanceOnly' : 'mine.errors.belowMinimum',
    };
  }
  if (amount > withdrawable) return { ok: false, errorKey: 'mine.errors.exceedsBalance' };
  return { ok: true, amount };
}

/**
 * What a withdrawal of `amount` would leave behind when that rest is below the minimum (issue 24
 * §2), or undefined when nothing awkward is left (the whole balance, or a rest of at least the
 * minimum). Such a rest can only leave later as a whole, in a withdrawal of its own with its own
 * network fee, so the form points it out before signing and offers the whole balance instead.
 */
export function remainderBelowMinimum(
  amount: bigint,
  withdrawable: bigint,
  minimum: bigint,
): bigint | undefined {
  if (amount <= 0n || amount >= withdrawable) return undefined;
  const rest = withdrawable - amount;
  return rest < minimum ? rest : undefined;
}
