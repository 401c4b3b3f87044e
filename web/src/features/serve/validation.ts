import { isAddress, zeroAddress } from 'viem';
import { parseAmountText } from '../../shared/amount';

/** Spec §5/§9: a stake must be greater than 100 USDC. */
export const MIN_STAKE_WHOLE = 100n;

export type StakeValidation = { ok: true; amount: bigint } | { ok: false; errorKey: string };

/** Validates the stake quantity text against the token's decimals and the wallet balance. */
export function validateStakeAmount(
  text: string,
  decimals: number,
  balance: bigint,
): StakeValidation {
  const amount = parseAmountText(text, decimals);
  if (amount === undefined) return { ok: false, errorKey: 'serve.errors.amountRequired' };
  if (amount <= MIN_STAKE_WHOLE * 10n ** BigInt(decimals))
    return { ok: false, errorKey: 'serve.errors.minAmount' };
  if (amount > balance) return { ok: false, errorKey: 'serve.errors.exceedsBalance' };
  return { ok: true, amount };
}

/**
 * Spec §5/§8 (stake): 'authorization address empty' and 'transfer address empty'. The
 * authorization names the staking contract as the spender of exactly the amount (permit or
 * approve); the amount moves through the USDC token contract. Both come from the generated
 * contracts module; a deployment entry with either missing or zero sends nothing.
 */
export function stakeAddressProblem(deployment: {
  staking?: string | null;
  usdc?: string | null;
}): 'toast.authAddressEmpty' | 'toast.transferAddressEmpty' | null {
  const empty = (address: string | null | undefined) =>
    !address || !isAddress(address) || address.toLowerCase() === zeroAddress;
  if (empty(deployment.staking)) return 'toast.authAddressEmpty';
  if (empty(deployment.usdc)) return 'toast.transferAddressEmpty';
  return null;
}
