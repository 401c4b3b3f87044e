/**
 * solvency — what the Staking contract owes in each token against what it holds, all read at one
 * block. Exits 1 when it holds less than it accounts for, so a monitor can alert on it.
 */
import { stakingAbi, usdcAbi } from '@app/contracts/generated';
import { priceOfWholeCoin } from '@app/contracts/rates';
import { openChain, type Command } from '../command.ts';
import { poolPrice, type ChainContext } from '../context.ts';
import { amount, approx, coinPrice, fields, toJson, usdcValue } from '../format.ts';

export interface Solvency {
  network: string;
  chainId: number;
  block: bigint;
  paused: boolean;
  /** USDC base units per whole reward coin at the pool, or null for an empty pool. */
  coinPrice: bigint | null;
  reward: {
    budget: bigint;
    reserved: bigint;
    unreserved: bigint;
    earned: bigint;
    /** budget + earned: what the contract must hold in reward coin. */
    required: bigint;
    held: bigint;
    enough: boolean;
  };
  usdc: {
    principal: bigint;
    withdrawable: bigint;
    dividendsUnclaimed: bigint;
    grantsBudget: bigint;
    /** Membership proceeds accrued for the treasury and not yet paid (`treasury:pay`). */
    treasuryProceeds: bigint;
    /** Everything above: what the contract must hold in USDC. */
    required: bigint;
    held: bigint;
    enough: boolean;
  };
  enough: boolean;
}

export async function readSolvency(ctx: ChainContext): Promise<Solvency> {
  const blockNumber = await ctx.client.getBlockNumber();
  const at = { address: ctx.contracts.staking, abi: stakingAbi, blockNumber } as const;
  const balance = (token: `0x${string}`) =>
    ctx.client.readContract({
      address: token,
      abi: usdcAbi,
      functionName: 'balanceOf',
      args: [ctx.contracts.staking],
      blockNumber,
    });
  const [
    [budget, reserved, unreserved],
    earned,
    rewardHeld,
    principal,
    withdrawable,
    dividendsUnclaimed,
    grantsBudget,
    treasuryProceeds,
    usdcHeld,
    paused,
    price,
  ] = await Promise.all([
    ctx.client.readContract({ ...at, functionName: 'rewardBudgetInfo' }),
    ctx.client.readContract({ ...at, functionName: 'totalEarned' }),
    balance(ctx.reward.address),
    ctx.client.readContract({ ...at, functionName: 'totalActiveStake' }),
    ctx.client.readContract({ ...at, functionName: 'totalWithdrawable' }),
    ctx.client.readContract({ ...at, functionName: 'dividendsUnclaimed' }),
    ctx.client.readContract({ ...at, functionName: 'grantsBudget' }),
    ctx.client.readContract({ ...at, functionName: 'treasuryProceeds' }),
    balance(ctx.usdc.address),
    ctx.client.readContract({ ...at, functionName: 'paused' }),
    poolPrice(ctx),
  ]);
  const rewardRequired = budget + earned;
  const usdcRequired =
    principal + withdrawable + dividendsUnclaimed + grantsBudget + treasuryProceeds;
  const reward = {
    budget,
    reserved,
    unreserved,
    earned,
    required: rewardRequired,
    held: rewardHeld,
    enough: rewardHeld >= rewardRequired,
  };
  const usdc = {
    principal,
    withdrawable,
    dividendsUnclaimed,
    grantsBudget,
    treasuryProceeds,
    required: usdcRequired,
    held: usdcHeld,
    enough: usdcHeld >= usdcRequired,
  };
  return {
    network: ctx.network.key,
    chainId: ctx.network.chainId,
    block: blockNumber,
    paused,
    coinPrice: price ? coinPrice(price, ctx.reward) : null,
    reward,
    usdc,
    enough: reward.enough && usdc.enough,
  };
}

function verdict(held: bigint, required: bigint, show: (v: bigint) => string): string {
  return held >= required
    ? `enough (surplus ${show(held - required)})`
    : `NOT ENOUGH: short by ${show(required - held)}`;
}

export const solvency: Command = {
  name: 'solvency',
  summary:
    'reward budget (reserved, unreserved), grants budget and whether the contract holds enough',
  kind: 'read',
  options: [],
  examples: ['solvency --network ETH', 'solvency --deployment production --network BSC --json'],
  notes: ['Exits 1 when the contract holds less than it owes in either token.'],
  async run(input) {
    const ctx = await openChain(input);
    const s = await readSolvency(ctx);
    if (input.options.flag('json')) {
      input.io.out(toJson(s));
      return s.enough ? 0 : 1;
    }
    const coin = (v: bigint) => amount(v, ctx.reward);
    const usd = (v: bigint) => amount(v, ctx.usdc);
    const price = s.coinPrice;
    const worth = (v: bigint) =>
      price === null
        ? coin(v)
        : `${coin(v)}  ≈ ${approx(usdcValue(v, priceOfWholeCoin(price, ctx.reward.decimals)), ctx.usdc.decimals)} USDC`;
    input.io.out(
      [
        `${ctx.network.key} (chain id ${ctx.network.chainId}), ${ctx.deployment} deployment, Staking ${ctx.contracts.staking}`,
        `block ${s.block}${s.paused ? ', PAUSED' : ''}${price === null ? ', pool empty (no USDC values)' : `, pool price ${approx(price, ctx.usdc.decimals)} USDC/${ctx.reward.symbol}`}`,
        '',
        `Reward coin (${ctx.reward.symbol})`,
        fields([
          ['budget', worth(s.reward.budget)],
          ['  reserved', `${worth(s.reward.reserved)}  (promised to stakes and their uplines)`],
          ['  unreserved', `${worth(s.reward.unreserved)}  (free for new stakes)`],
          ['earned by users', `${worth(s.reward.earned)}  (credited, not yet exchanged)`],
          ['must hold', `${coin(s.reward.required)}  (budget + earned)`],
          ['holds', coin(s.reward.held)],
          ['→', verdict(s.reward.held, s.reward.required, coin)],
        ]),
        '',
        `Stake token (${ctx.usdc.symbol})`,
        fields([
          ['principal in stakes', usd(s.usdc.principal)],
          ['withdrawable balances', usd(s.usdc.withdrawable)],
          ['dividends unclaimed', usd(s.usdc.dividendsUnclaimed)],
          ['grants budget', usd(s.usdc.grantsBudget)],
          ['treasury proceeds (unpaid)', usd(s.usdc.treasuryProceeds)],
          ['must hold', usd(s.usdc.required)],
          ['holds', usd(s.usdc.held)],
          ['→', verdict(s.usdc.held, s.usdc.required, usd)],
        ]),
        '',
        s.enough
          ? 'The contract holds enough for everything it owes.'
          : 'WARNING: the contract holds LESS than it owes.',
      ].join('\n'),
    );
    return s.enough ? 0 : 1;
  },
};
