import { parseAmountText } from '../../shared/amount';

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
 */
export function validateWithdrawAmount(
  text: string,
  decimals: number,
  withdrawable: bigint,
  minimum: bigint,
): WithdrawValidation {
  const amount = parseAmountText(text, decimals);
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
