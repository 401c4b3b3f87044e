import type { NetworkInfo } from '@app/contracts/chains';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Address, ContractFunctionReturnType } from 'viem';
import { useConfig } from 'wagmi';
import {
  contractCall,
  readViews,
  type ArglessViewName,
  type ChainDeployment,
  type ContractAbi,
  type ViewValues,
} from '../contracts';
import { publicClientFor } from './client';
import { readPoolReserves } from './pool';

/**
 * Chain reads more than one page needs: every figure is read from the chain when shown
 * (docs/TRUST.md rule 5). Query keys start with 'chain'; a finished transaction refreshes every
 * query.
 */
export const chainKeys = {
  all: ['chain'] as const,
  usdcBalance: (chainId: number, user: string | undefined) =>
    ['chain', chainId, 'usdcBalance', user] as const,
  account: (chainId: number, user: string | undefined) =>
    ['chain', chainId, 'account', user] as const,
  pool: (chainId: number) => ['chain', chainId, 'pool'] as const,
  values: (chainId: number, names: readonly string[]) =>
    ['chain', chainId, 'values', ...names] as const,
};

/** USDC balance of `user`'s wallet on the network. */
export function useUsdcBalance(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  user?: Address,
) {
  const config = useConfig();
  return useQuery({
    queryKey: chainKeys.usdcBalance(network.chainId, user),
    enabled: Boolean(deployment && user),
    refetchInterval: 15_000,
    queryFn: () =>
      publicClientFor(config, network.chainId).readContract(
        contractCall(deployment!, { contract: 'usdc', functionName: 'balanceOf', args: [user!] }),
      ),
  });
}

export type StakingAccount = ContractFunctionReturnType<ContractAbi<'lens'>, 'view', 'getAccount'>;

/** Staking's `getAccount(user)`: earned, pending mining, withdrawable, membership, ... */
export function useStakingAccount(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  user?: Address,
) {
  const config = useConfig();
  return useQuery({
    queryKey: chainKeys.account(network.chainId, user),
    enabled: Boolean(deployment && user),
    refetchInterval: 15_000,
    queryFn: () =>
      publicClientFor(config, network.chainId).readContract(
        contractCall(deployment!, { contract: 'lens', functionName: 'getAccount', args: [user!] }),
      ),
  });
}

/** The reward-coin/USDC pool's reserves (the market price), or undefined for an empty pool. */
export function usePoolReserves(network: NetworkInfo, deployment: ChainDeployment | undefined) {
  const config = useConfig();
  return useQuery({
    queryKey: chainKeys.pool(network.chainId),
    enabled: Boolean(deployment),
    refetchInterval: 15_000,
    queryFn: async () =>
      (await readPoolReserves(publicClientFor(config, network.chainId), deployment!)) ?? null,
  });
}

/** Names of Staking's views that take no argument (feeBps, paused, nodePrice, MAX_FEE_BPS, ...). */
export type StakingValueName = ArglessViewName<'staking'>;

export type StakingValues<N extends StakingValueName> = ViewValues<'staking', N>;

/** Reads several argument-less Staking views at once (parameters, counters, constants). */
export function useStakingValues<const N extends StakingValueName>(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  names: readonly N[],
) {
  const config = useConfig();
  return useQuery({
    queryKey: chainKeys.values(network.chainId, names),
    enabled: Boolean(deployment),
    refetchInterval: 30_000,
    queryFn: (): Promise<StakingValues<N>> =>
      readViews(publicClientFor(config, network.chainId), deployment!, 'staking', names),
  });
}

/**
 * The chain's current time in unix seconds, ticking every `intervalMs`: the latest block's
 * timestamp, carried forward by the local clock since it was read. Whether a term has ended is the
 * contract's call (block.timestamp), so the app asks the chain rather than the device's clock.
 */
export function useChainTime(network: NetworkInfo, intervalMs = 30_000): number {
  const config = useConfig();
  const block = useQuery({
    queryKey: ['chain', network.chainId, 'time'],
    refetchInterval: 60_000,
    queryFn: async () => {
      const latest = await publicClientFor(config, network.chainId).getBlock();
      return { offsetMs: Number(latest.timestamp) * 1000 - Date.now() };
    },
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return (now + (block.data?.offsetMs ?? 0)) / 1000;
}
