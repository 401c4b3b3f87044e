import type { NetworkInfo } from '@app/contracts/chains';
import { useQuery } from '@tanstack/react-query';
import type { Address, PublicClient } from 'viem';
import { useConfig } from 'wagmi';
import { publicClientFor } from './chain/client';
import {
  estimateNetworkFee,
  feeInUsdc,
  type FeeTransaction,
  type NetworkFee,
} from './chain/networkFee';
import { coinPriceInUsdc } from './chain/pool';
import { chainKeys, usePoolReserves } from './chain/reads';
import type { ChainDeployment } from './contracts';

/** How often a shown fee is asked again: the chain's fee moves block by block. */
export const NETWORK_FEE_REFRESH_MS = 15_000;

/**
 * The exact transactions a form's main button would send: what identifies them (function and
 * arguments, for the query key) and how to build them (some calls need a chain read first, such as
 * the positions to harvest, the exchange's deadline, or whether a payment needs its approval).
 */
export interface FeeCall {
  /** JSON-serialisable (bigints as strings): it is part of the query key. */
  key: readonly (string | number)[];
  build: (
    client: PublicClient,
  ) =>
    | FeeTransaction
    | readonly FeeTransaction[]
    | Promise<FeeTransaction | readonly FeeTransaction[]>;
}

export interface NetworkFeeState {
  /** Undefined while no transaction would be sent (nothing typed, an invalid amount). */
  call: FeeCall | undefined;
  fee: NetworkFee | undefined;
  /** The fee in USDC at the pool price; undefined without a price (the coin figure only). */
  usdc: bigint | undefined;
  /** The chain would not estimate it (it would fail now): the form says so, never a guess. */
  failed: boolean;
}

/**
 * The network fee of the transaction a form would send, from `account`, before the wallet opens
 * (issue 24 §2). Refreshed with the other chain reads (every query under 'chain' is refreshed after
 * a transaction), priced at the same pool reserves the Exchange page reads.
 */
export function useNetworkFee(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  account: Address | undefined,
  call: FeeCall | undefined,
): NetworkFeeState {
  const config = useConfig();
  // The price is read only while there is a fee to price: an empty form asks the chain nothing.
  const pool = usePoolReserves(network, call ? deployment : undefined);
  const query = useQuery({
    queryKey: [...chainKeys.all, network.chainId, 'networkFee', account, ...(call?.key ?? [])],
    enabled: Boolean(deployment && account && call),
    refetchInterval: NETWORK_FEE_REFRESH_MS,
    retry: 1,
    queryFn: async () => {
      const client = publicClientFor(config, network.chainId);
      return estimateNetworkFee(client, await call!.build(client), account!);
    },
  });
  const fee = call ? query.data : undefined;
  const price =
    pool.data && deployment
      ? coinPriceInUsdc(pool.data, deployment.rewardTokenDecimals)
      : undefined;
  return {
    call,
    fee,
    usdc: fee ? feeInUsdc(fee.coin, price) : undefined,
    failed: Boolean(call) && query.isError && fee === undefined,
  };
}
