import type { PublicClient } from 'viem';
import { contractCall, type ChainDeployment } from '../contracts';

/** Reserves of the reward-coin/USDC pool (base units of each token), read from the pair. */
export interface PoolReserves {
  usdcReserve: bigint;
  rewardReserve: bigint;
}

/** The pool's reserves, or undefined while the pool holds no reward coin (no price yet). */
export async function readPoolReserves(
  client: PublicClient,
  deployment: ChainDeployment,
): Promise<PoolReserves | undefined> {
  const [token0, reserves] = await Promise.all([
    client.readContract(contractCall(deployment, { contract: 'pair', functionName: 'token0' })),
    client.readContract(
      contractCall(deployment, { contract: 'pair', functionName: 'getReserves' }),
    ),
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
 * USDC base units for one whole reward coin at the pool's current reserves (the mid price: what a
 * swap returns is lower by the pool's trading fee and the trade's price impact), rounded down.
 */
export function coinPriceInUsdc(reserves: PoolReserves, rewardDecimals: number): bigint {
  return (reserves.usdcReserve * 10n ** BigInt(rewardDecimals)) / reserves.rewardReserve;
}
