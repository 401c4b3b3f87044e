import type { NetworkInfo } from '@app/contracts/chains';
import { useQuery } from '@tanstack/react-query';
import type { Address, PublicClient } from 'viem';
import { useConfig, type Config } from 'wagmi';
import { getPublicClient } from 'wagmi/actions';
import { pairAbi, stakingAbi, usdcAbi, type ChainDeployment } from '../../shared/contracts';

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
  withdrawn: boolean;
}

export function publicClientFor(config: Config, chainId: number): PublicClient {
  const client = getPublicClient(config, { chainId });
  if (!client) throw new Error(`No client for chain ${chainId}`);
  return client as PublicClient;
}

/** Query keys of everything the Serve page reads, so a finished stake can refresh them. */
export const serveKeys = {
  all: ['serve'] as const,
  balance: (chainId: number, user: string | undefined) =>
    ['serve', chainId, 'balance', user] as const,
  plans: (chainId: number) => ['serve', chainId, 'plans'] as const,
  positions: (chainId: number, user: string | undefined) =>
    ['serve', chainId, 'positions', user] as const,
};

/** USDC balance of `user` on the network, read from the chain. */
export function useUsdcBalance(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  user?: Address,
) {
  const config = useConfig();
  return useQuery({
    queryKey: serveKeys.balance(network.chainId, user),
    enabled: Boolean(deployment && user),
    refetchInterval: 15_000,
    queryFn: () =>
      publicClientFor(config, network.chainId).readContract({
        address: deployment!.usdc,
        abi: usdcAbi,
        functionName: 'balanceOf',
        args: [user!],
      }),
  });
}

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
        address: deployment!.staking,
        abi: stakingAbi,
        functionName: 'getPlans',
      });
      const [open, price] = await Promise.all([
        Promise.all(
          plans.map((_, id) =>
            client.readContract({
              address: deployment!.staking,
              abi: stakingAbi,
              functionName: 'isSubscriptionOpen',
              args: [BigInt(id)],
            }),
          ),
        ),
        poolPrice(client, deployment!),
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

/** Reserves of the reward-coin/USDC pool: the market price, read from the chain. */
interface PoolPrice {
  usdcReserve: bigint;
  rewardReserve: bigint;
}

async function poolPrice(
  client: PublicClient,
  deployment: ChainDeployment,
): Promise<PoolPrice | undefined> {
  const [token0, reserves] = await Promise.all([
    client.readContract({ address: deployment.pair, abi: pairAbi, functionName: 'token0' }),
    client.readContract({ address: deployment.pair, abi: pairAbi, functionName: 'getReserves' }),
  ]);
  const [reserve0, reserve1] = reserves;
  const usdcIsToken0 = token0.toLowerCase() === deployment.usdc.toLowerCase();
  const price = {
    usdcReserve: usdcIsToken0 ? reserve0 : reserve1,
    rewardReserve: usdcIsToken0 ? reserve1 : reserve0,
  };
  return price.rewardReserve > 0n ? price : undefined;
}

/**
 * `dailyRate` is reward-coin base units per USDC base unit per day, scaled by 1e18; its USDC value
 * per USDC staked is dailyRate × (usdcReserve / rewardReserve) / 1e18. Returned in basis points
 * with two decimals.
 */
export function dailyRateBps(dailyRate: bigint, price: PoolPrice): number {
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
        address: deployment!.staking,
        abi: stakingAbi,
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
