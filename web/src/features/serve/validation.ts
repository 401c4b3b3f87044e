import { parseUnits } from 'viem';

/** Spec §5/§9: a stake must be greater than 100 USDC. */
export const MIN_STAKE_WHOLE = 100n;

export type StakeValidation = { ok: true; amount: bigint } | { ok: false; errorKey: string };

/** Validates the stake quantity text against the token's decimals and the wallet balance. */
export function validateStakeAmount(
  text: string,
  decimals: number,
  balance: bigint,
): StakeValidation {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.')
    return { ok: false, errorKey: 'serve.errors.amountRequired' };
  let amount: bigint;
  try {
    amount = parseUnits(trimmed, decimals);
  } catch {
    return { ok: false, errorKey: 'serve.errors.amountRequired' };
  }
  if (amount <= MIN_STAKE_WHOLE * 10n ** BigInt(decimals))
    return { ok: false, errorKey: 'serve.errors.minAmount' };
  if (amount > balance) return { ok: false, errorKey: 'serve.errors.exceedsBalance' };
  return { ok: true, amount };
}
