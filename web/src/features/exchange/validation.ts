export type ExchangeValidation = { ok: true; amount: bigint } | { ok: false; errorKey: string };

/**
 * Spec §5 (exchange): the quantity is required and must not exceed the exchangeable balance.
 * `amount` is what the field stands for (`useAmountField`): after Max, the exact balance.
 */
export function validateExchangeAmount(
  amount: bigint | undefined,
  exchangeable: bigint,
): ExchangeValidation {
  if (amount === undefined || amount === 0n)
    return { ok: false, errorKey: 'exchange.errors.quantityRequired' };
  if (amount > exchangeable) return { ok: false, errorKey: 'exchange.errors.exceedsBalance' };
  return { ok: true, amount };
}

/** Slippage tolerances the user can choose, in basis points; 50 (0.5%) is the default. */
export const TOLERANCE_CHOICES_BPS = [10, 50, 100, 300] as const;
export const DEFAULT_TOLERANCE_BPS = 50;

/** Exchanges left without a fee: the contract's FREE_EXCHANGES minus those already made. */
export function freeExchangesLeft(freeExchanges: bigint, exchangeCount: bigint): bigint {
  return exchangeCount >= freeExchanges ? 0n : freeExchanges - exchangeCount;
}

/**
 * Which fee rule applies to this user now (the contract's _feeBpsFor): one of the first free
 * exchanges, a level at or above FEE_FREE_LEVEL, or the current fee (which may itself be 0).
 */
export function feeRule(input: {
  exchangeCount: bigint;
  freeExchanges: bigint;
  level: bigint;
  feeFreeLevel: bigint;
  feeBps: bigint;
}): 'freeExchange' | 'level' | 'zeroFee' | 'fee' {
  if (input.exchangeCount < input.freeExchanges) return 'freeExchange';
  if (input.level >= input.feeFreeLevel) return 'level';
  return input.feeBps === 0n ? 'zeroFee' : 'fee';
}
