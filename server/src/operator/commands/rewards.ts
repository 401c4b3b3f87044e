/** rewards:fund, rewards:withdraw-unreserved — the reward budget (in the reward coin). */
import { formatUnits } from 'viem';
import { stakingAbi, wethAbi } from '@app/contracts/generated';
import { openWriter, type Command } from '../command.ts';
import { OperatorError } from '../errors.ts';
import { amount } from '../format.ts';
import { sendSteps, type TxStep } from '../transact.ts';
import { parseDecimal, toBaseUnits } from '../values.ts';
import { balanceOf, exactApproval, reportAllowance } from './funding.ts';

export const rewardsFund: Command = {
  name: 'rewards:fund',
  summary: 'add reward coin to the reward budget (exact approval, then fundRewards)',
  kind: 'write',
  options: [
    { name: 'amount', value: 'coins', help: 'reward coin to add, in whole coins (e.g. 100.5)' },
    {
      name: 'wrap',
      help: 'first wrap the missing part from the native coin (WETH/WBNB deposit)',
    },
  ],
  examples: ['rewards:fund --network ETH --amount 100 --wrap', 'rewards:fund --amount 2.5'],
  notes: [
    'The reward coin is an ERC-20 (WETH on Ethereum, WBNB on BSC). Without --wrap the key must',
    'already hold it; with --wrap, only what the key lacks is wrapped from its native balance.',
  ],
  async run(input) {
    const value = parseDecimal(input.options.required('amount'), '--amount');
    const run = await openWriter(input);
    const { ctx } = run;
    const coins = toBaseUnits(value, ctx.reward.decimals, '--amount');
    const owner = run.sender;
    const holder = run.safe ? 'the Safe' : 'the key';
    const held = await balanceOf(ctx, ctx.reward, owner);
    const steps: TxStep[] = [];
    if (held < coins) {
      const missing = coins - held;
      const native = ctx.network.nativeSymbol;
      if (!input.options.flag('wrap')) {
        throw new OperatorError(
          `${holder} holds ${amount(held, ctx.reward)}, ${amount(missing, ctx.reward)} short: add --wrap to wrap ${formatUnits(missing, ctx.reward.decimals)} ${native} first`,
        );
      }
      const nativeBalance = await ctx.client.getBalance({ address: owner });
      // A Safe's transaction is paid for by its executor; a key pays its own gas.
      if (run.safe ? nativeBalance < missing : nativeBalance <= missing) {
        throw new OperatorError(
          `${holder} holds ${formatUnits(nativeBalance, 18)} ${native}: not enough to wrap ${formatUnits(missing, ctx.reward.decimals)} ${native}${run.safe ? '' : ' and pay gas'}`,
        );
      }
      steps.push({
        title: `Wrap ${formatUnits(missing, ctx.reward.decimals)} ${native} into ${ctx.reward.symbol}`,
        contract: ctx.reward.symbol,
        address: ctx.reward.address,
        abi: wethAbi,
        functionName: 'deposit',
        args: [],
        value: missing,
        details: [
          ['wraps', `${formatUnits(missing, ctx.reward.decimals)} ${native}`],
          ['holds', amount(held, ctx.reward)],
        ],
      });
    }
    steps.push(...(await exactApproval(run, ctx.reward, coins)));
    steps.push({
      title: `Add ${amount(coins, ctx.reward)} to the reward budget`,
      contract: 'Staking',
      address: ctx.contracts.staking,
      abi: stakingAbi,
      functionName: 'fundRewards',
      args: [coins],
      details: [['amount', amount(coins, ctx.reward)]],
    });
    await sendSteps(run, steps);
    await reportAllowance(run, ctx.reward);
    return 0;
  },
};

export const rewardsWithdrawUnreserved: Command = {
  name: 'rewards:withdraw-unreserved',
  summary: 'take back reward coin that no stake has reserved',
  kind: 'write',
  options: [{ name: 'amount', value: 'coins|all', help: 'whole coins, or all of the unreserved' }],
  examples: ['rewards:withdraw-unreserved --amount 50', 'rewards:withdraw-unreserved --amount all'],
  notes: ['Reserved rewards (promised to existing stakes and their uplines) can never be taken.'],
  async run(input) {
    const text = input.options.required('amount');
    const value = text === 'all' ? undefined : parseDecimal(text, '--amount');
    const run = await openWriter(input);
    const { ctx } = run;
    const [budget, reserved, unreserved] = await ctx.client.readContract({
      address: ctx.contracts.staking,
      abi: stakingAbi,
      functionName: 'rewardBudgetInfo',
    });
    const coins = value ? toBaseUnits(value, ctx.reward.decimals, '--amount') : unreserved;
    if (coins === 0n) throw new OperatorError('nothing is unreserved: there is nothing to take');
    await sendSteps(run, [
      {
        title: `Take ${amount(coins, ctx.reward)} of unreserved reward budget back`,
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'withdrawUnreserved',
        args: [coins],
        details: [
          ['amount', amount(coins, ctx.reward)],
          ['to', `${run.sender} (the owner, which sends)`],
          ['budget', amount(budget, ctx.reward)],
          ['reserved', `${amount(reserved, ctx.reward)} (stays)`],
          ['unreserved', amount(unreserved, ctx.reward)],
        ],
        formatErrorArg: (name, v) =>
          name === 'available' && typeof v === 'bigint' ? amount(v, ctx.reward) : undefined,
      },
    ]);
    return 0;
  },
};
