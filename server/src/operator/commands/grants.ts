/**
 * grants:deposit, grants:withdraw, grants:credit — activity and promotion income, paid in USDC
 * from a budget the operator deposits first, each credit with its on-chain reason code.
 */
import { readFile } from 'node:fs/promises';
import type { Address } from 'viem';
import { stakingAbi } from '@app/contracts/generated';
import type { Options } from '../args.ts';
import { openWriter, type Command } from '../command.ts';
import { OperatorError, UsageError } from '../errors.ts';
import { amount } from '../format.ts';
import { sendSteps, type TxStep } from '../transact.ts';
import { parseAddress, parseDecimal, toBaseUnits, type Decimal } from '../values.ts';
import { balanceOf, exactApproval, reportAllowance } from './funding.ts';

/** Staking.IncomeSource codes a grant may carry. */
export const grantSources = { activity: 5, promotion: 6 } as const;
export type GrantSource = keyof typeof grantSources;

/** Recipients per creditGrants transaction (keeps each well inside a block's gas). */
export const CREDIT_BATCH = 100;
/** Most recipients one command takes. */
export const CREDIT_MAX = 5_000;

export const grantsDeposit: Command = {
  name: 'grants:deposit',
  summary: 'deposit USDC into the grants budget (exact approval, then depositGrants)',
  kind: 'write',
  options: [{ name: 'amount', value: 'usdc', help: 'USDC to deposit (e.g. 2500 or 0.5)' }],
  examples: ['grants:deposit --network BSC --amount 2500'],
  async run(input) {
    const value = parseDecimal(input.options.required('amount'), '--amount');
    const run = await openWriter(input);
    const { ctx } = run;
    const usdc = toBaseUnits(value, ctx.usdc.decimals, '--amount');
    // Before the approve: a deposit that cannot be paid would leave the approval behind.
    const held = await balanceOf(ctx, ctx.usdc, run.sender);
    if (held < usdc) {
      throw new OperatorError(
        `${run.safe ? 'the Safe' : 'the key'} holds ${amount(held, ctx.usdc)}, ${amount(usdc - held, ctx.usdc)} short: nothing was sent`,
      );
    }
    await sendSteps(run, [
      ...(await exactApproval(run, ctx.usdc, usdc)),
      {
        title: `Deposit ${amount(usdc, ctx.usdc)} into the grants budget`,
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'depositGrants',
        args: [usdc],
        details: [['amount', amount(usdc, ctx.usdc)]],
      },
    ]);
    await reportAllowance(run, ctx.usdc);
    return 0;
  },
};

export const grantsWithdraw: Command = {
  name: 'grants:withdraw',
  summary: 'take back USDC of the grants budget that was not credited',
  kind: 'write',
  options: [{ name: 'amount', value: 'usdc|all', help: 'USDC, or all of the grants budget' }],
  examples: ['grants:withdraw --amount 100', 'grants:withdraw --amount all'],
  async run(input) {
    const text = input.options.required('amount');
    const value = text === 'all' ? undefined : parseDecimal(text, '--amount');
    const run = await openWriter(input);
    const { ctx } = run;
    const budget = await ctx.client.readContract({
      address: ctx.contracts.staking,
      abi: stakingAbi,
      functionName: 'grantsBudget',
    });
    const usdc = value ? toBaseUnits(value, ctx.usdc.decimals, '--amount') : budget;
    if (usdc === 0n)
      throw new OperatorError('the grants budget is empty: there is nothing to take');
    await sendSteps(run, [
      {
        title: `Take ${amount(usdc, ctx.usdc)} of the grants budget back`,
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'withdrawGrants',
        args: [usdc],
        details: [
          ['amount', amount(usdc, ctx.usdc)],
          ['to', `${run.sender} (the owner, which sends)`],
          ['budget', amount(budget, ctx.usdc)],
        ],
        formatErrorArg: (name, v) =>
          name === 'available' && typeof v === 'bigint' ? amount(v, ctx.usdc) : undefined,
      },
    ]);
    return 0;
  },
};

interface Credit {
  to: Address;
  value: Decimal;
  /** Where it was given, for error messages. */
  where: string;
}

/** Recipients from --to/--amount pairs (in order), or from a CSV file of `address,amount` lines. */
async function creditsFrom(options: Options): Promise<Credit[]> {
  const tos = options.list('to');
  const amounts = options.list('amount');
  const csv = options.optional('csv');
  if (csv !== undefined && (tos.length > 0 || amounts.length > 0)) {
    throw new UsageError('give either --csv or --to/--amount pairs, not both');
  }
  let credits: Credit[];
  if (csv !== undefined) {
    let text: string;
    try {
      text = await readFile(csv, 'utf8');
    } catch {
      throw new UsageError(`cannot read --csv file '${csv}'`);
    }
    credits = [];
    for (const [i, raw] of text.split(/\r?\n/).entries()) {
      const line = raw.trim();
      const where = `${csv} line ${i + 1}`;
      if (line === '' || line.startsWith('#')) continue;
      const cells = line.split(',').map((c) => c.trim());
      if (credits.length === 0 && cells[0]?.toLowerCase() === 'address') continue;
      if (cells.length !== 2) throw new UsageError(`${where}: expected 'address,amount'`);
      credits.push({
        to: parseAddress(cells[0]!, where),
        value: parseDecimal(cells[1]!, where),
        where,
      });
    }
  } else {
    if (tos.length === 0) throw new UsageError('give --to and --amount (repeatable) or --csv');
    if (tos.length !== amounts.length) {
      throw new UsageError(
        `each --to needs its --amount (got ${tos.length} --to and ${amounts.length} --amount)`,
      );
    }
    credits = tos.map((to, i) => ({
      to: parseAddress(to, `--to #${i + 1}`),
      value: parseDecimal(amounts[i]!, `--amount #${i + 1}`),
      where: `--amount #${i + 1}`,
    }));
  }
  if (credits.length === 0) throw new UsageError('no recipients');
  if (credits.length > CREDIT_MAX) {
    throw new UsageError(`at most ${CREDIT_MAX} recipients per command`);
  }
  return credits;
}

function sourceFrom(options: Options): GrantSource {
  const source = options.required('source');
  if (!(source in grantSources)) {
    throw new UsageError(`--source must be ${Object.keys(grantSources).join(' or ')}`);
  }
  return source as GrantSource;
}

export const grantsCredit: Command = {
  name: 'grants:credit',
  summary: "credit activity or promotion grants from the grants budget to users' balances",
  kind: 'write',
  options: [
    { name: 'source', value: 'activity|promotion', help: 'the reason code recorded on chain' },
    { name: 'to', value: 'address', multiple: true, help: 'recipient (repeat, paired in order)' },
    { name: 'amount', value: 'usdc', multiple: true, help: 'USDC for the --to before it' },
    { name: 'csv', value: 'file', help: "or a file of 'address,amount' lines (# comments)" },
  ],
  examples: [
    'grants:credit --source activity --to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 --amount 25',
    'grants:credit --network BSC --source promotion --csv winners.csv',
  ],
  notes: [
    "Credits land in the users' withdrawable USDC at once (IncomeCredited, source 5 activity / 6",
    `promotion). Up to ${CREDIT_BATCH} recipients go in one transaction; more are split.`,
  ],
  async run(input) {
    const source = sourceFrom(input.options);
    const credits = await creditsFrom(input.options);
    const run = await openWriter(input);
    const { ctx } = run;
    const values = credits.map((c) => toBaseUnits(c.value, ctx.usdc.decimals, c.where));
    const total = values.reduce((a, b) => a + b, 0n);
    const budget = await ctx.client.readContract({
      address: ctx.contracts.staking,
      abi: stakingAbi,
      functionName: 'grantsBudget',
    });
    if (total > budget) {
      throw new OperatorError(
        `the grants budget is ${amount(budget, ctx.usdc)}, less than the ${amount(total, ctx.usdc)} to credit: run grants:deposit first (nothing was sent)`,
      );
    }
    const steps: TxStep[] = [];
    for (let start = 0; start < credits.length; start += CREDIT_BATCH) {
      const batch = credits.slice(start, start + CREDIT_BATCH);
      const batchValues = values.slice(start, start + CREDIT_BATCH);
      const batchTotal = batchValues.reduce((a, b) => a + b, 0n);
      const shown = batch
        .slice(0, 20)
        .map((c, i) => [c.to, amount(batchValues[i]!, ctx.usdc)] as const);
      steps.push({
        title: `Credit ${source} grants to ${batch.length} address${batch.length === 1 ? '' : 'es'} (${amount(batchTotal, ctx.usdc)})`,
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'creditGrants',
        args: [batch.map((c) => c.to), batchValues, grantSources[source]],
        details: [
          ['source', `${source} (IncomeSource ${grantSources[source]})`],
          ['total', amount(batchTotal, ctx.usdc)],
          ...shown,
          ...(batch.length > shown.length
            ? ([['…', `and ${batch.length - shown.length} more`]] as const)
            : []),
        ],
        formatErrorArg: (name, v) =>
          name === 'available' && typeof v === 'bigint' ? amount(v, ctx.usdc) : undefined,
      });
    }
    await sendSteps(run, steps);
    return 0;
  },
};
