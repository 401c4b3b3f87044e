/**
 * Plan-rate arithmetic. A plan's `dailyRate` is reward-coin base units per USDC base unit per day,
 * scaled by 1e18 (Staking.RATE_SCALE). Its value yield depends on the coin's price, which a pool's
 * reserves give exactly (no rounding to whole USDC), so prices are passed as reserves here.
 * The contract's own constants are stated here once, for the operator CLI and the web app alike;
 * scripts/rates.test.ts checks them against the deployed contract.
 */

/** Scale of `dailyRate` (Staking.RATE_SCALE). */
export const RATE_SCALE = 10n ** 18n;

/** Basis points: the denominator of every `…_BPS` share in the contract (StakingMath.BPS). */
export const BPS = 10_000n;

/**
 * Commissions of the uplines at depth 1, 2, 3, in basis points of the mining they are paid on
 * (Staking.REFERRAL_BPS_1..3), paid from the reward reserve, never taken from the user's mining.
 */
export const REFERRAL_BPS = [1000n, 800n, 500n] as const;

/** The contract's day (Solidity's `1 days`): plan terms and daily rates count in these. */
export const DAY_SECONDS = 86_400;

/** A price as the reward-coin/USDC pool's reserves (or any pair of amounts in that ratio). */
export interface CoinPrice {
  /** USDC, in USDC base units. */
  usdcReserve: bigint;
  /** Reward coin, in reward-coin base units. */
  rewardReserve: bigint;
}

/** A fraction of the principal's value, e.g. 0.5% a day = { numerator: 5n, denominator: 1000n }. */
export interface Share {
  numerator: bigint;
  denominator: bigint;
}

/** The price of one whole coin at `usdcPerCoin` base units of USDC. */
export function priceOfWholeCoin(usdcPerCoin: bigint, rewardDecimals: number): CoinPrice {
  return { usdcReserve: usdcPerCoin, rewardReserve: 10n ** BigInt(rewardDecimals) };
}

/**
 * `dailyRate` that pays, each day, reward coin worth `dailyShare` of the principal at `price`
 * (rounded down): share × RATE_SCALE × rewardReserve / usdcReserve. USDC decimals cancel out.
 */
export function dailyRateFor(dailyShare: Share, price: CoinPrice): bigint {
  if (dailyShare.denominator <= 0n || price.usdcReserve <= 0n || price.rewardReserve <= 0n) {
    throw new Error('dailyRateFor: the share denominator and both reserves must be positive');
  }
  return (
    (dailyShare.numerator * RATE_SCALE * price.rewardReserve) /
    (dailyShare.denominator * price.usdcReserve)
  );
}

/**
 * The value a day of `dailyRate` as a share of the principal at `price`, in units of 1/`scale`
 * (rounded down): e.g. scale 10n ** 8n gives percent with 6 decimals.
 */
export function dailyShareOf(dailyRate: bigint, price: CoinPrice, scale: bigint): bigint {
  if (price.rewardReserve <= 0n)
    throw new Error('dailyShareOf: the reward reserve must be positive');
  return (dailyRate * price.usdcReserve * scale) / (RATE_SCALE * price.rewardReserve);
}
