import type { NetworkInfo } from '@app/contracts/chains';
import { readAllPlans } from '@app/contracts/lens';
import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useConfig, type Config } from 'wagmi';
import { publicClientFor } from '../../shared/chain/client';
import { readPoolReserves, type PoolReserves } from '../../shared/chain/pool';
import { contractCall, type ChainDeployment } from '../../shared/contracts';

export interface PlanView {
  id: number;
  termDays: number;
  /**
   * Reward-coin base units per USDC base unit per day, scaled by 1e18: the plan pays a fixed amount
   * of coin (see earnings.ts); only its USDC value moves with the coin's price.
   */
  dailyRate: bigint;
  open: boolean;
  /** Most principal the plan takes in total, and how much it holds now (USDC base units). */
  cap: bigint;
  totalStaked: bigint;
  /** The subscription window (unix seconds): stakes are accepted from opensAt until closesAt. */
  opensAt: number;
  closesAt: number;
}

/** The plans and the pool's reserves they were read with (undefined while the pool has no price). */
export interface PlansView {
  plans: PlanView[];
  reserves: PoolReserves | undefined;
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
  uplines: (chainId: number, user: string | undefined) =>
    ['serve', chainId, 'uplines', user] as const,
};

/** The operator's plans, each with whether it accepts stakes now. */
export function usePlans(network: NetworkInfo, deployment: ChainDeployment | undefined) {
  const config = useConfig();
  return useQuery({
    queryKey: serveKeys.plans(network.chainId),
    enabled: Boolean(deployment),
    refetchInterval: 30_000,
    queryFn: async (): Promise<PlansView> => {
      const client = publicClientFor(config, network.chainId);
      const plans = await readAllPlans(client, deployment!.stakingLens);
      const [open, price] = await Promise.all([
        Promise.all(
          plans.map((_, id) =>
            client.readContract(
              contractCall(deployment!, {
                contract: 'lens',
                functionName: 'isSubscriptionOpen',
                args: [BigInt(id)],
              }),
            ),
          ),
        ),
        readPoolReserves(client, deployment!),
      ]);
      return {
        plans: plans.map((plan, id) => ({
          id,
          termDays: Number(plan.termDays),
          dailyRate: plan.dailyRate,
          open: open[id] === true,
          cap: plan.cap,
          totalStaked: plan.totalStaked,
          opensAt: Number(plan.opensAt),
          closesAt: Number(plan.closesAt),
        })),
        reserves: price,
      };
    },
  });
}

/** How many uplines (0-3) `user` has: they earn commissions from the reserve on the user's mining. */
export function useUplineCount(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  user: Address | undefined,
) {
  const config = useConfig();
  return useQuery({
    queryKey: serveKeys.uplines(network.chainId, user),
    enabled: Boolean(deployment && user),
    queryFn: () => readUplineCount(config, network.chainId, deployment!, user!),
  });
}

export async function readUplineCount(
  config: Config,
  chainId: number,
  deployment: ChainDeployment,
  user: Address,
): Promise<number> {
  const uplines = await publicClientFor(config, chainId).readContract(
    contractCall(deployment, { contract: 'staking', functionName: 'selectUplines', args: [user] }),
  );
  return uplines.filter((a) => BigInt(a) !== 0n).length;
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
      const positions = await publicClientFor(config, network.chainId).readContract(
        contractCall(deployment!, {
          contract: 'lens',
          functionName: 'getPositions',
          args: [user!],
        }),
      );
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
