import type { NetworkInfo } from '@app/contracts/chains';
import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { publicClientFor } from '../../shared/chain/client';
import { readPoolReserves, type PoolReserves } from '../../shared/chain/pool';
import { type ChainDeployment, stakingLensAbi } from '../../shared/contracts';

export interface PlanView {
  id: number;
  termDays: number;
  /**
   * Daily mining as basis points of the principal, valued at the pool's current price. The plan
   * itself pays a fixed amount of reward coin per USDC; only its USDC value moves with the price.
   */
  dailyRateBps: number | undefined;
  open: boolean;
}

export interface PositionView {
  id: number;
  planId: number;
  termDays: number | undefined;
  amount: bigint;
  startTime: number;
  endTime: number;
  /** The principal has left the position (released to the balance or paid out). */
  withdrawn: boolean;
}

/** Query keys of everything the Serve page reads, so a finished stake can refresh them. */
export const serveKeys = {
  all: ['serve'] as const,
  plans: (chainId: number) => ['serve', chainId, 'plans'] as const,
  positions: (chainId: number, user: string | undefined) =>
    ['serve', chainId, 'positions', user] as const,
};

/** The operator's plans, each with whether it accepts stakes now. */
export function usePlans(network: NetworkInfo, deployment: ChainDeployment | undefined) {
  const config = useConfig();
  return useQuery({
    queryKey: serveKeys.plans(network.chainId),
    enabled: Boolean(deployment),
    refetchInterval: 30_000,
    queryFn: async (): Promise<PlanView[]> => {
      const client = publicClientFor(config, network.chainId);
      const plans = await client.readContract({
        address: deployment!.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getPlans',
      });
      const [open, price] = await Promise.all([
        Promise.all(
          plans.map((_, id) =>
            client.readContract({
              address: deployment!.stakingLens,
              abi: stakingLensAbi,
              functionName: 'isSubscriptionOpen',
              args: [BigInt(id)],
            }),
          ),
        ),
        readPoolReserves(client, deployment!),
      ]);
      return plans.map((plan, id) => ({
        id,
        termDays: Number(plan.termDays),
        dailyRateBps: price ? dailyRateBps(plan.dailyRate, price) : undefined,
        open: open[id] === true,
      }));
    },
  });
}

/**
 * `dailyRate` is reward-coin base units per USDC base unit per day, scaled by 1e18; its USDC value
 * per USDC staked is dailyRate × (usdcReserve / rewardReserve) / 1e18. Returned in basis points
 * with two decimals.
 */
export function dailyRateBps(dailyRate: bigint, price: PoolReserves): number {
  const hundredthsOfBps =
    (dailyRate * price.usdcReserve * 1_000_000n) / (10n ** 18n * price.rewardReserve);
  return Number(hundredthsOfBps) / 100;
}

/** The user's staking history, newest first. */
export function usePositions(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  user: Address | undefined,
  plans: PlanView[] | undefined,
) {
  const config = useConfig();
  return useQuery({
    queryKey: serveKeys.positions(network.chainId, user),
    enabled: Boolean(deployment && user),
    queryFn: async () => {
      const positions = await publicClientFor(config, network.chainId).readContract({
        address: deployment!.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getPositions',
        args: [user!],
      });
      return positions.map((p, id) => ({
        id,
        planId: Number(p.planId),
        amount: p.amount,
        startTime: Number(p.startTime),
        endTime: Number(p.endTime),
        withdrawn: p.withdrawn,
      }));
    },
    select: (rows): PositionView[] =>
      rows
        .map((row) => ({ ...row, termDays: plans?.find((p) => p.id === row.planId)?.termDays }))
        .reverse(),
  });
}
