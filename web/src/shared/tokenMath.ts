import type { ChainDeployment } from '@app/contracts/generated/deployments';
import type { TokenKind } from './data/types';

/**
 * What an amount on screen can be: one of the deployment's tokens, or the chain's own coin (ETH,
 * BNB) in which network fees are paid.
 */
export type AmountKind = TokenKind | 'native';

/** Every EVM chain's own coin has 18 decimals (ETH's wei, BNB's jager). */
export const NATIVE_DECIMALS = 18;

/** Decimals of a token of the deployment (never assumed: USDC has 6 on ETH, 18 on BSC). */
export function tokenDecimals(deployment: ChainDeployment, token: AmountKind): number {
  if (token === 'native') return NATIVE_DECIMALS;
  return token === 'usdc' ? deployment.usdcDecimals : deployment.rewardTokenDecimals;
}

/**
 * USDC base units that `amount` (reward-coin base units) is worth at `price` (USDC base units for
 * one whole reward coin, from the DEX pool's reserves), rounded down.
 */
export function rewardValueInUsdc(amount: bigint, price: bigint, rewardDecimals: number): bigint {
  return (amount * price) / 10n ** BigInt(rewardDecimals);
}

/** A server amount (decimal string of base units) as bigint; undefined if it is not one. */
export function toBigInt(value: string | bigint): bigint | undefined {
  if (typeof value === 'bigint') return value;
  return /^-?\d+$/.test(value) ? BigInt(value) : undefined;
}
