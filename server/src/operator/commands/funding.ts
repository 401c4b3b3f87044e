/**
 * Pay-ins by the operator: approve exactly the amount (never more), then the contract pulls it.
 * Used by rewards:fund (reward coin) and grants:deposit (USDC).
 */
import { usdcAbi } from '@app/contracts/generated';
import type { Address } from 'viem';
import type { ChainContext } from '../context.ts';
import { amount, type TokenInfo } from '../format.ts';
import type { TxStep, WriteRun } from '../transact.ts';

/**
 * The approve step for exactly `value`, or none when the allowance already is exactly `value`. An
 * approve replaces any earlier allowance, so after the pull the allowance is 0.
 */
export async function exactApproval(
  run: WriteRun,
  token: TokenInfo,
  value: bigint,
): Promise<TxStep[]> {
  const current = await allowance(run.ctx, token, run.sender);
  if (current === value) return [];
  return [
    {
      title: `Approve exactly ${amount(value, token)} for the Staking contract`,
      contract: token.symbol,
      address: token.address,
      abi: usdcAbi,
      functionName: 'approve',
      args: [run.ctx.contracts.staking, value],
      details: [
        ['spender', `${run.ctx.contracts.staking} (Staking)`],
        ['amount', `${amount(value, token)} (exactly what is paid in next; not unlimited)`],
        ['allowance now', amount(current, token)],
      ],
    },
  ];
}

export function allowance(ctx: ChainContext, token: TokenInfo, owner: Address): Promise<bigint> {
  return ctx.client.readContract({
    address: token.address,
    abi: usdcAbi,
    functionName: 'allowance',
    args: [owner, ctx.contracts.staking],
  });
}

export function balanceOf(ctx: ChainContext, token: TokenInfo, owner: Address): Promise<bigint> {
  return ctx.client.readContract({
    address: token.address,
    abi: usdcAbi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

/** Reports the allowance left after a pay-in (0 unless the contract pulled less than approved). */
export async function reportAllowance(run: WriteRun, token: TokenInfo): Promise<void> {
  if (run.safe) return; // nothing was sent: the Safe's owners execute the batch later
  const left = await allowance(run.ctx, token, run.sender);
  run.io.out(`allowance left for Staking: ${amount(left, token)}`);
}
