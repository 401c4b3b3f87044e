import { isAddress, zeroAddress } from 'viem';

export type StakeValidation = { ok: true; amount: bigint } | { ok: false; errorKey: string };

/**
 * Checks a stake's amount (the field's text parsed, or after Max the exact balance or room) against
 * the contract's minimum (spec §5/§9: greater than 100 USDC, read from Staking's
 * `minStakeExclusive` in base units, never repeated here) and the wallet balance.
 */
export function checkStakeAmount(
  amount: bigint | undefined,
  balance: bigint,
  minStakeExclusive: bigint,
): StakeValidation {
  if (amount === undefined) return { ok: false, errorKey: 'serve.errors.amountRequired' };
  if (amount <= minStakeExclusive) return { ok: false, errorKey: 'serve.errors.minAmount' };
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

/**
 * What Serve's Max fills in (issue 24 §1): the wallet's USDC balance, or the chosen plan's room
 * left when that is smaller (a stake over the room would be refused by the contract).
 */
export function stakeMax(balance: bigint, plan: { cap: bigint; totalStaked: bigint } | undefined) {
  if (!plan) return balance;
  const room = plan.cap > plan.totalStaked ? plan.cap - plan.totalStaked : 0n;
  return room < balance ? room : balance;
}

/**
 * Whether a user must bind an inviter before staking: the contract takes stakes only from the
 * referral tree, that is from the founding (root) address or from someone with an upline.
 */
export function outsideReferralTree(hasUpline: boolean, user: string, root: string): boolean {
  return !hasUpline && user.toLowerCase() !== root.toLowerCase();
}
