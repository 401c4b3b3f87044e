/** plan:create, plan:close, plan:list — the subscription plans of the Staking contract. */
import { stakingAbi } from '@app/contracts/generated';
import { readAllPlans } from '@app/contracts/lens';
import {
  dailyRateFor,
  priceOfWholeCoin,
  RATE_SCALE,
  REFERRAL_BPS,
  type CoinPrice,
} from '@app/contracts/rates';
import type { Options } from '../args.ts';
import { openChain, openWriter, type Command } from '../command.ts';
import { chainTime, poolPrice, type ChainContext } from '../context.ts';
import { OperatorError, UsageError } from '../errors.ts';
import {
  amount,
  approx,
  coinPrice,
  dailyPercent,
  isoTime,
  table,
  toJson,
  usdcValue,
} from '../format.ts';
import { sendSteps } from '../transact.ts';
import { parseAmount, parseCount, parseDecimal, parsePercent, parseTime } from '../values.ts';

/** Upline commissions a stake reserves on top of its mining at most (all three levels paid). */
const MAX_COMMISSION_BPS = REFERRAL_BPS.reduce((sum, bps) => sum + bps, 0n);

type RateInput =
  { kind: 'percent'; text: string; price: string | undefined } | { kind: 'raw'; value: bigint };

function rateInput(options: Options): RateInput {
  const percent = options.optional('daily-rate-percent');
  const raw = options.optional('daily-rate');
  if ((percent === undefined) === (raw === undefined)) {
    throw new UsageError('give exactly one of --daily-rate-percent and --daily-rate');
  }
  const price = options.optional('price');
  if (percent !== undefined) {
    parsePercent(percent, '--daily-rate-percent');
    if (price !== undefined) parseDecimal(price, '--price');
    return { kind: 'percent', text: percent, price };
  }
  if (price !== undefined) throw new UsageError('--price goes with --daily-rate-percent only');
  const value = parseCount(raw!, '--daily-rate');
  if (value === 0n) throw new UsageError('--daily-rate must be greater than 0');
  return { kind: 'raw', value };
}

/** The price a percent is converted at: --price, else the pool's current reserves. */
async function conversionPrice(
  ctx: ChainContext,
  priceText: string | undefined,
): Promise<{ price: CoinPrice; source: string } | undefined> {
  if (priceText !== undefined) {
    const usdcPerCoin = parseAmount(priceText, ctx.usdc.decimals, '--price');
    return {
      price: priceOfWholeCoin(usdcPerCoin, ctx.reward.decimals),
      source: 'the given --price',
    };
  }
  const pool = await poolPrice(ctx);
  return pool && { price: pool, source: "the pool's current price" };
}

export const planCreate: Command = {
  name: 'plan:create',
  summary: 'open a new subscription plan',
  kind: 'write',
  options: [
    { name: 'term-days', value: 'days', help: 'lock term of each stake, in days' },
    {
      name: 'daily-rate-percent',
      value: 'percent',
      help: "daily reward worth this % of the principal at the coin's price (e.g. 0.5)",
    },
    {
      name: 'daily-rate',
      value: 'raw',
      help: 'or the raw rate: reward base units per USDC base unit per day × 1e18',
    },
    {
      name: 'price',
      value: 'usdc',
      help: "USDC per reward coin to convert the percent at (default: the pool's price)",
    },
    { name: 'cap', value: 'usdc', help: 'most principal the plan accepts in total, in USDC' },
    { name: 'opens', value: 'time', help: 'start of subscription: now (default), ISO date or +Nd' },
    { name: 'closes', value: 'time', help: 'end of subscription: ISO date or +Nd after opens' },
  ],
  examples: [
    'plan:create --network ETH --term-days 30 --daily-rate-percent 0.5 --cap 1000000 --closes +365d',
    'plan:create --network BSC --term-days 90 --daily-rate 2666666666666 --cap 500000 --opens 2030-01-01 --closes 2030-07-01',
  ],
  notes: [
    'The rate is fixed forever once the plan exists (Staking stores reward coin per USDC, not a percent):',
    "a percent is converted at the coin's price now, so the plan's USDC yield moves with the price.",
    'A stake is accepted only while the unreserved reward budget covers its full-term mining plus',
    "its uplines' commissions; the summary shows how much stake the current budget covers.",
  ],
  async run(input) {
    const { options } = input;
    const termDays = parseCount(options.required('term-days'), '--term-days');
    const rate = rateInput(options);
    const capText = options.required('cap');
    parseDecimal(capText, '--cap');
    const opensText = options.optional('opens') ?? 'now';
    const closesText = options.required('closes');
    const probe = { now: 0n, base: 0n };
    parseTime(opensText, '--opens', probe);
    parseTime(closesText, '--closes', probe);

    const run = await openWriter(input);
    const { ctx } = run;
    const read = <F extends 'MAX_TERM_DAYS' | 'MAX_DAILY_RATE' | 'minStakeExclusive'>(f: F) =>
      ctx.client.readContract({ address: ctx.contracts.staking, abi: stakingAbi, functionName: f });
    const [maxTermDays, maxDailyRate, minStake, now, budget] = await Promise.all([
      read('MAX_TERM_DAYS'),
      read('MAX_DAILY_RATE'),
      read('minStakeExclusive'),
      chainTime(ctx),
      ctx.client.readContract({
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'rewardBudgetInfo',
      }),
    ]);
    if (termDays < 1n || termDays > BigInt(maxTermDays)) {
      throw new UsageError(`--term-days must be 1..${maxTermDays}`);
    }
    const cap = parseAmount(capText, ctx.usdc.decimals, '--cap');
    if (cap <= minStake) {
      throw new UsageError(
        `--cap must be more than the minimum stake ${amount(minStake, ctx.usdc)}`,
      );
    }
    if (cap >= 2n ** 96n)
      throw new UsageError('--cap is too large (must be below 2^96 base units)');
    const opensAt = parseTime(opensText, '--opens', { now });
    const closesAt = parseTime(closesText, '--closes', { now, base: opensAt });
    if (closesAt <= opensAt) throw new UsageError('--closes must be after --opens');
    if (closesAt <= now) throw new UsageError('--closes must be in the future');
    if (opensAt >= 2n ** 64n || closesAt >= 2n ** 64n) throw new UsageError('time out of range');

    const converted = await conversionPrice(ctx, rate.kind === 'percent' ? rate.price : undefined);
    let dailyRate: bigint;
    if (rate.kind === 'percent') {
      if (!converted) {
        throw new OperatorError(
          'the pool has no liquidity, so there is no price to convert the percent at: pass --price or --daily-rate',
        );
      }
      dailyRate = dailyRateFor(parsePercent(rate.text, '--daily-rate-percent'), converted.price);
      if (dailyRate === 0n)
        throw new UsageError('--daily-rate-percent is too small: the rate is 0');
    } else dailyRate = rate.value;
    if (dailyRate > maxDailyRate) throw new UsageError(`the daily rate exceeds ${maxDailyRate}`);

    const perThousand = 1000n * 10n ** BigInt(ctx.usdc.decimals);
    const mining = (perThousand * dailyRate * termDays) / RATE_SCALE;
    const unreserved = budget[2];
    const covered =
      (unreserved * RATE_SCALE * 10_000n) / (dailyRate * termDays * (10_000n + MAX_COMMISSION_BPS));
    const details: [string, string][] = [
      ['term', `${termDays} days`],
      ['daily rate', `${dailyRate} (reward base units per USDC base unit per day × 1e18)`],
    ];
    if (converted) {
      details.push(
        [
          'daily yield',
          `≈ ${dailyPercent(dailyRate, converted.price)} a day at ${approx(coinPrice(converted.price, ctx.reward), ctx.usdc.decimals)} USDC/${ctx.reward.symbol} (${converted.source})`,
        ],
        [
          'per 1000 USDC',
          `${amount(mining, ctx.reward)} over the term (≈ ${approx(usdcValue(mining, converted.price), ctx.usdc.decimals)} USDC now)`,
        ],
      );
    } else details.push(['per 1000 USDC', `${amount(mining, ctx.reward)} over the term`]);
    details.push(
      ['cap', amount(cap, ctx.usdc)],
      ['opens', isoTime(opensAt)],
      ['closes', isoTime(closesAt)],
      [
        'budget',
        `the unreserved ${amount(unreserved, ctx.reward)} covers ≈ ${approx(covered, ctx.usdc.decimals, 0)} USDC of stakes in this plan (with full commissions)`,
      ],
    );
    await sendSteps(run, [
      {
        title: 'Open a new plan',
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'createPlan',
        args: [Number(termDays), dailyRate, cap, opensAt, closesAt],
        details,
      },
    ]);
    return 0;
  },
};

export const planClose: Command = {
  name: 'plan:close',
  summary: "end a plan's subscription window now (existing stakes are unaffected)",
  kind: 'write',
  options: [{ name: 'plan', value: 'id', help: 'the plan id (see plan:list)' }],
  examples: ['plan:close --plan 2'],
  async run(input) {
    const planId = parseCount(input.options.required('plan'), '--plan');
    const run = await openWriter(input);
    const { ctx } = run;
    const count = await ctx.client.readContract({
      address: ctx.contracts.staking,
      abi: stakingAbi,
      functionName: 'planCount',
    });
    if (planId >= count)
      throw new UsageError(`there is no plan ${planId} (plans: 0..${count - 1n})`);
    const plan = await ctx.client.readContract({
      address: ctx.contracts.staking,
      abi: stakingAbi,
      functionName: 'getPlan',
      args: [planId],
    });
    await sendSteps(run, [
      {
        title: `Close plan ${planId} to new stakes now`,
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'closePlan',
        args: [planId],
        details: [
          ['plan', `${planId}: ${plan.termDays} days, rate ${plan.dailyRate}`],
          ['staked', `${amount(plan.totalStaked, ctx.usdc)} of ${amount(plan.cap, ctx.usdc)}`],
          ['was closing', isoTime(plan.closesAt)],
        ],
      },
    ]);
    return 0;
  },
};

type PlanStatus = 'open' | 'upcoming' | 'ended' | 'full' | 'paused';

export const planList: Command = {
  name: 'plan:list',
  summary: 'list every plan with its rate, cap, window and status',
  kind: 'read',
  options: [],
  examples: ['plan:list --network BSC', 'plan:list --json'],
  async run(input) {
    const ctx = await openChain(input);
    const staking = { address: ctx.contracts.staking, abi: stakingAbi } as const;
    const [plans, paused, minStake, now, price] = await Promise.all([
      readAllPlans(ctx.client, ctx.contracts.stakingLens),
      ctx.client.readContract({ ...staking, functionName: 'paused' }),
      ctx.client.readContract({ ...staking, functionName: 'minStakeExclusive' }),
      chainTime(ctx),
      poolPrice(ctx),
    ]);
    const rows = plans.map((p, id) => {
      const status: PlanStatus =
        now < p.opensAt
          ? 'upcoming'
          : now >= p.closesAt
            ? 'ended'
            : p.cap - p.totalStaked <= minStake
              ? 'full'
              : paused
                ? 'paused'
                : 'open';
      return { id, ...p, dailyPercent: price ? dailyPercent(p.dailyRate, price) : null, status };
    });
    if (input.options.flag('json')) {
      input.io.out(toJson({ network: ctx.network.key, chainId: ctx.network.chainId, plans: rows }));
      return 0;
    }
    if (rows.length === 0) {
      input.io.out(`No plans on ${ctx.network.key}.`);
      return 0;
    }
    input.io.out(
      table(
        ['id', 'term', 'daily', 'rate', 'staked / cap (USDC)', 'opens', 'closes', 'status'],
        rows.map((r) => [
          String(r.id),
          `${r.termDays}d`,
          r.dailyPercent ? `≈${r.dailyPercent}` : '?',
          String(r.dailyRate),
          `${approx(r.totalStaked, ctx.usdc.decimals)} / ${approx(r.cap, ctx.usdc.decimals)}`,
          isoTime(r.opensAt),
          isoTime(r.closesAt),
          r.status,
        ]),
      ),
    );
    if (price) {
      input.io.out(
        `\ndaily = value yield at the pool price ${approx(coinPrice(price, ctx.reward), ctx.usdc.decimals)} USDC/${ctx.reward.symbol} (rates are fixed in ${ctx.reward.symbol}).`,
      );
    }
    return 0;
  },
};
