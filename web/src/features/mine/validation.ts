import { parseAmountText } from '../../shared/amount';

export type WithdrawValidation =
  | { ok: true; amount: bigint }
  | {
      ok: false;
      errorKey:
        'mine.errors.amountRequired' | 'mine.errors.belowMinimum' | 'mine.errors.exceedsBalance';
    };

/**
 * Spec §5 (withdraw): the amount is required, cannot be less than the contract's minimum
 * withdrawal, and must not exceed the withdrawable balance.
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
  if (amount < minimum) return { ok: false, errorKey: 'mine.errors.belowMinimum' };
  if (amount > withdrawable) return { ok: false, errorKey: 'mine.errors.exceedsBalance' };
  return { ok: true, amount };
}
