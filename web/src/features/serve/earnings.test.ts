import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  annualEquivalentBps,
  coinPerDayPerThousand,
  miningOverTerm,
  stakeEarnings,
  uplineCommissions,
  usdcValueToday,
  withdrawableAt,
  expectedInclusionSeconds,
} from './earnings';

const E18 = 10n ** 18n;
const E6 = 10n ** 6n;

// A rate paying 0.5% a day at 3,000 USDC per coin, as the contract's unit: reward-coin base units per
// USDC base unit per day × 1e18. With 6-decimal USDC: 0.005 / 3000 coin per USDC = 1e18/6e5 wei per
// 1e6 base units → rate = 1e18 × (1e18 / 6e5) / 1e6.
const rate6 = (E18 * (E18 / 600_000n)) / E6;
// With 18-decimal USDC (BSC), the same value yield at 600 USDC per coin: 0.005 / 600 coin per USDC.
const rate18 = (E18 * (E18 / 120_000n)) / E18;

test('per day for each 1,000 USDC, 6-decimal USDC', () => {
  // 1,000 USDC × 0.5% = 5 USDC a day = 5/3000 coin = 0.001666… WETH.
  assert.equal(coinPerDayPerThousand(rate6, 6), (1_000n * E6 * rate6) / E18);
  assert.equal(coinPerDayPerThousand(rate6, 6), 1_666_666_666_666_000n);
});

test('per day for each 1,000 USDC, 18-decimal USDC', () => {
  // 1,000 USDC × 0.5% = 5 USDC = 5/600 coin = 0.008333… WBNB.
  assert.equal(coinPerDayPerThousand(rate18, 18), 8_333_333_333_333_000n);
});

test('mining over the term is the contract formula, rounded down once', () => {
  // 150 USDC for 30 days (6 decimals).
  const amount = 150n * E6;
  assert.equal(miningOverTerm(amount, rate6, 30), (amount * rate6 * 30n) / E18);
  // Rounded once over the whole term, not per day: 30 × daily can be smaller.
  assert.ok(miningOverTerm(amount, rate6, 30) >= 30n * miningOverTerm(amount, rate6, 1));
  // 18 decimals: 101.5 USDC for 7 days.
  const amount18 = 1015n * 10n ** 17n;
  assert.equal(miningOverTerm(amount18, rate18, 7), (amount18 * rate18 * 7n) / E18);
  assert.equal(miningOverTerm(0n, rate18, 7), 0n);
});

test("today's USDC value at the pool's reserves, rounded down, for both USDC decimals", () => {
  // Pool of 30,000 USDC (6 dp) and 10 WETH: 3,000 USDC per coin.
  const eth = { usdcReserve: 30_000n * E6, rewardReserve: 10n * E18 };
  assert.equal(usdcValueToday(E18 / 2n, eth), 1_500n * E6);
  assert.equal(usdcValueToday(1n, eth), 0n);
  // Pool of 6,000 USDC (18 dp) and 10 WBNB: 600 USDC per coin.
  const bsc = { usdcReserve: 6_000n * E18, rewardReserve: 10n * E18 };
  assert.equal(usdcValueToday(3n * E18, bsc), 1_800n * E18);
  assert.equal(usdcValueToday(E18, { usdcReserve: 1n, rewardReserve: 0n }), 0n);
});

test('uplines get 10% / 8% / 5% of the mining, only as many as exist', () => {
  const mining = 1_000_000n;
  assert.deepEqual(uplineCommissions(mining, 0), []);
  assert.deepEqual(uplineCommissions(mining, 1), [100_000n]);
  assert.deepEqual(uplineCommissions(mining, 3), [100_000n, 80_000n, 50_000n]);
  assert.deepEqual(uplineCommissions(mining, 9), [100_000n, 80_000n, 50_000n]);
  // Rounded down per upline, as Staking._reserve does.
  assert.deepEqual(uplineCommissions(19n, 3), [1n, 1n, 0n]);
});

test('principal is withdrawable term days after the stake', () => {
  assert.equal(withdrawableAt(1_700_000_000, 30), 1_700_000_000 + 30 * 86_400);
  assert.equal(withdrawableAt(1_700_000_000.7, 1), 1_700_000_000 + 86_400);
});

test('stakeEarnings puts it together; the reserve is mining plus commissions', () => {
  const e = stakeEarnings({
    amount: 150n * E6,
    dailyRate: rate6,
    termDays: 30,
    reserves: { usdcReserve: 30_000n * E6, rewardReserve: 10n * E18 },
    uplineCount: 2,
    nowSeconds: 1_000,
  });
  assert.equal(e.mining, (150n * E6 * rate6 * 30n) / E18);
  assert.equal(e.miningValueToday, (e.mining * 3_000n * E6) / E18);
  assert.deepEqual(e.commissions, [e.mining / 10n, (e.mining * 8n) / 100n]);
  assert.equal(e.reserve, e.mining + e.mining / 10n + (e.mining * 8n) / 100n);
  assert.equal(e.withdrawableAt, 1_000 + 30 * 86_400);
  const noPrice = stakeEarnings({
    amount: 150n * E18,
    dailyRate: rate18,
    termDays: 7,
    reserves: undefined,
    uplineCount: 0,
    nowSeconds: 0,
  });
  assert.equal(noPrice.miningValueToday, undefined);
  assert.equal(noPrice.reserve, noPrice.mining);
});

test("a plan's annual equivalent at today's price, the same on both USDC decimals", () => {
  // 0.5% a day is 182.5% a year (the value of 365 days of coin at 3,000 / 600 USDC per coin).
  const pool6 = { usdcReserve: 3_000_000n * E6, rewardReserve: 1_000n * E18 };
  const pool18 = { usdcReserve: 600_000n * E18, rewardReserve: 1_000n * E18 };
  assert.equal(annualEquivalentBps(rate6, 6, pool6), 18_249n);
  assert.equal(annualEquivalentBps(rate18, 18, pool18), 18_249n);
  // The coin halves in price: so does the equivalent (the coin amount is what is fixed).
  assert.equal(annualEquivalentBps(rate6, 6, { ...pool6, usdcReserve: 1_500_000n * E6 }), 9_124n);
});

test('a stake is timed from when it is sent, not from the minutes-old latest block of a quiet chain', () => {
  const block = 1_700_000_000;
  // The latest block is 7 minutes old: the device's clock at sending decides.
  assert.equal(expectedInclusionSeconds((block + 420) * 1000 + 999, block), block + 420);
  // A chain ahead of the device (moved forward on a test chain): the next block after it.
  assert.equal(expectedInclusionSeconds((block - 3_600) * 1000, block), block + 1);
});
