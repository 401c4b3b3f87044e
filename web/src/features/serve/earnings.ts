/**
 * What a plan pays, stated as what it is (issue 11 §2): reward coin, fixed by the plan's rate when the
 * stake is made, and reserved for it in the contract. Its USDC value is only today's value at the
 * pool's price, and moves with the coin's price. The arithmetic is the contract's own
 * (Staking._fullMining, _reserve), in base units, so the figures shown are the figures paid.
 */
// The contract's constants, stated once for the operator CLI and this page (checked against the
// deployed contract by contracts/scripts/rates.test.ts).
import { BPS, DAY_SECONDS, RATE_SCALE, REFERRAL_BPS } from '@app/contracts/rates';

/** The reference stake a plan's rate is stated for: "… per day for each 1,000 USDC". */
export const REFERENCE_WHOLE_USDC = 1_000n;

/** Pool reserves (base units of each token): the coin's price in USDC. */
export interface Reserves {
  usdcReserve: bigint;
  rewardReserve: bigint;
}

/**
 * Reward coin (base units) a stake of `amount` USDC base units mines over `termDays` at `dailyRate`,
 * rounded down exactly as the contract reserves and pays it: amount × dailyRate × termDays / 1e18.
 */
export function miningOverTerm(amount: bigint, dailyRate: bigint, termDays: number): bigint {
  return (amount * dailyRate * BigInt(termDays)) / RATE_SCALE;
}

/** Reward coin (base units) a plan pays per day for each 1,000 whole USDC (USDC has `usdcDecimals`). */
export function coinPerDayPerThousand(dailyRate: bigint, usdcDecimals: number): bigint {
  return miningOverTerm(REFERENCE_WHOLE_USDC * 10n ** BigInt(usdcDecimals), dailyRate, 1);
}

/** USDC base units that `coin` (reward-coin base units) is worth at the pool's reserves, rounded down. */
export function usdcValueToday(coin: bigint, reserves: Reserves): bigint {
  if (reserves.rewardReserve <= 0n) return 0n;
  return (coin * reserves.usdcReserve) / reserves.rewardReserve;
}

/**
 * The commission each upline (depth 1, 2, 3; only as many as the user has) receives on `mining`:
 * 10%, 8%, 5% of it, paid from the reward reserve, never taken from the user's mining.
 */
export function uplineCommissions(mining: bigint, uplineCount: number): bigint[] {
  return REFERRAL_BPS.slice(0, Math.max(0, Math.min(uplineCount, 3))).map(
    (bps) => (mining * bps) / BPS,
  );
}

/** Unix seconds when a position started at `startSeconds` becomes withdrawable. */
export function withdrawableAt(startSeconds: number, termDays: number): number {
  return Math.floor(startSeconds) + termDays * DAY_SECONDS;
}

/** Everything the Serve page and the stake summary say about a stake of `amount` into a plan. */
export interface StakeEarnings {
  /** Reward coin mined over the full term (base units), exact. */
  mining: bigint;
  /** Its USDC value at the pool's price now, or undefined without a price. */
  miningValueToday: bigint | undefined;
  /** Each upline's commission (base units of reward coin), from the reserve. */
  commissions: bigint[];
  /** What the stake reserves in the contract: mining plus commissions. */
  reserve: bigint;
  /** Unix seconds the principal becomes withdrawable if the stake lands at `nowSeconds`. */
  withdrawableAt: number;
}

export function stakeEarnings(args: {
  amount: bigint;
  dailyRate: bigint;
  termDays: number;
  reserves: Reserves | undefined;
  uplineCount: number;
  nowSeconds: number;
}): StakeEarnings {
  const mining = miningOverTerm(args.amount, args.dailyRate, args.termDays);
  const commissions = uplineCommissions(mining, args.uplineCount);
  return {
    mining,
    miningValueToday: args.reserves ? usdcValueToday(mining, args.reserves) : undefined,
    commissions,
    reserve: commissions.reduce((sum, c) => sum + c, mining),
    withdrawableAt: withdrawableAt(args.nowSeconds, args.termDays),
  };
}

/**
 * A plan's yearly rate as the percent (in basis points) its coin is worth at today's pool price:
 * 365 days of coin per 1,000 USDC, valued in USDC, over the 1,000 USDC. Only an equivalent: the coin
 * amount is fixed, its value moves with the price (the page says so next to the figure).
 */
export function annualEquivalentBps(
  dailyRate: bigint,
  usdcDecimals: number,
  reserves: Reserves,
): bigint {
  const perYear = coinPerDayPerThousand(dailyRate, usdcDecimals) * 365n;
  const reference = REFERENCE_WHOLE_USDC * 10n ** BigInt(usdcDecimals);
  return (usdcValueToday(perYear, reserves) * BPS) / reference;
}

/**
 * When a stake sent now will most likely be mined (issue 24 §2), in Unix seconds: the sender's clock
 * (the time of sending; a live chain's next block carries about that time), but never before the
 * block after the chain's latest one. A quiet chain's latest block can be minutes old, so the
 * latest block's time alone made "withdrawable from" minutes early; a chain whose clock runs ahead
 * of the device (a test chain moved forward) is followed instead of contradicted.
 */
export function expectedInclusionSeconds(deviceMs: number, latestBlockSeconds: number): number {
  return Math.max(Math.floor(deviceMs / 1000), latestBlockSeconds + 1);
}
