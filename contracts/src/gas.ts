/**
 * The gas limit of a transaction that swaps through a Uniswap V2 pair (the router's swaps, and
 * Staking's `exchange`, which calls the router).
 *
 * Why an estimate alone is not enough: a V2 pair updates its price accumulators
 * (`price0CumulativeLast`, `price1CumulativeLast`) in `_update` only when the block's timestamp
 * differs from the pair's last update. A gas estimate taken while the chain's clock is still in
 * the second of the pool's last trade skips those two storage writes; if the transaction is mined
 * a second later, it makes them and runs out of gas ("mined with status reverted"). Anvil puts
 * several blocks in one second; BNB Smart Chain's sub-second blocks do the same, and on any chain
 * an estimate against the latest block is short when that block traded on the pool. Every path
 * that sends a swap (the app's exchange, the test wallets and helpers, the bench) adds the same
 * headroom, from here.
 *
 * The bound: each accumulator costs at most a cold read (2,100) and a zero → non-zero write
 * (20,000), so 44,200 for both, plus about 400 for the fixed-point arithmetic. The pair's `swap`
 * runs two calls deep below Staking's `exchange` (Staking → router → pair), and each call passes
 * on at most 63/64 of the gas left (EIP-150), so the transaction needs at most
 * 44,600 × (64/63)² ≈ 46,000 more than the short estimate (a router swap, one call deep: 45,324
 * measured, contracts/scripts/dex.test.ts). 50,000 covers it; the sender pays only for the gas
 * used, never for an unused limit.
 */

/** Extra gas over an estimate, for a transaction that swaps through a Uniswap V2 pair. */
export const dexSwapGasHeadroom = 50_000n;

/** The gas limit to send with a swap whose `eth_estimateGas` answered `estimate`. */
export function dexSwapGasLimit(estimate: bigint): bigint {
  return estimate + dexSwapGasHeadroom;
}
