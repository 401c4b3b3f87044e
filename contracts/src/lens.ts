/**
 * Reads through the StakingLens that need more than one call. `getPlans` is paged on chain (at most
 * MAX_PLANS_PAGE plans per call, so one `eth_call` stays under an RPC node's gas cap however many
 * plans the operator opens); every caller that shows all plans reads them here, page by page.
 */
import type { Address, PublicClient } from 'viem';
import { stakingLensAbi } from '../generated/contracts.ts';

/** Plans asked for per `getPlans` call: the lens's MAX_PLANS_PAGE (a larger limit is capped to it). */
export const plansPageSize = 500n;

/** What `getPlans` returns for one plan. */
export interface LensPlan {
  termDays: number;
  opensAt: bigint;
  closesAt: bigint;
  cap: bigint;
  totalStaked: bigint;
  dailyRate: bigint;
}

/**
 * Every plan, in id order (a plan's id is its index), read page by page from the lens at
 * `stakingLens`. `blockNumber` reads all pages at one block; `pageSize` (tests) asks for smaller
 * pages than the lens's largest.
 */
export async function readAllPlans(
  client: Pick<PublicClient, 'readContract'>,
  stakingLens: Address,
  { blockNumber, pageSize = plansPageSize }: { blockNumber?: bigint; pageSize?: bigint } = {},
): Promise<LensPlan[]> {
  const plans: LensPlan[] = [];
  for (;;) {
    const [page, total] = await client.readContract({
      address: stakingLens,
      abi: stakingLensAbi,
      functionName: 'getPlans',
      args: [BigInt(plans.length), pageSize],
      ...(blockNumber === undefined ? {} : { blockNumber }),
    });
    plans.push(...page);
    // An empty page ends the walk even if `total` grew meanwhile (plans opened between two pages).
    if (page.length === 0 || BigInt(plans.length) >= total) return plans;
  }
}
