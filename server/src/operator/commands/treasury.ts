/**
 * treasury:pay — sends the membership proceeds accrued in Staking to the treasury. Purchases pay
 * into Staking (so a treasury the USDC issuer froze cannot stop them); this pulls them out, to the
 * treasury of the day only. Anyone may send it; the operator usually does.
 */
import { stakingAbi } from '@app/contracts/generated';
import { openWriter, type Command } from '../command.ts';
import { OperatorError } from '../errors.ts';
import { amount } from '../format.ts';
import { sendSteps } from '../transact.ts';

export const treasuryPay: Command = {
  name: 'treasury:pay',
  summary: 'send the membership proceeds accrued in the contract to the treasury',
  kind: 'write',
  options: [],
  examples: ['treasury:pay --network ETH'],
  async run(input) {
    const run = await openWriter(input);
    const { ctx } = run;
    const at = { address: ctx.contracts.staking, abi: stakingAbi } as const;
    const [proceeds, treasury] = await Promise.all([
      ctx.client.readContract({ ...at, functionName: 'treasuryProceeds' }),
      ctx.client.readContract({ ...at, functionName: 'treasury' }),
    ]);
    if (proceeds === 0n) throw new OperatorError('nothing was sent: no proceeds are waiting');
    await sendSteps(run, [
      {
        title: `Pay ${amount(proceeds, ctx.usdc)} of membership proceeds to the treasury`,
        contract: 'Staking',
        ...at,
        functionName: 'payTreasury',
        args: [],
        details: [
          ['treasury', treasury],
          ['amount', amount(proceeds, ctx.usdc)],
        ],
      },
    ]);
    return 0;
  },
};
