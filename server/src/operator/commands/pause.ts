/** pause, unpause — the pool's emergency switch. */
import { stakingAbi } from '@app/contracts/generated';
import { openWriter, type Command } from '../command.ts';
import { sendSteps } from '../transact.ts';

function pauseCommand(pause: boolean): Command {
  const functionName = pause ? 'pause' : 'unpause';
  return {
    name: functionName,
    summary: pause
      ? 'pause the pool: no new stakes or purchases; every principal can be released at once'
      : 'unpause the pool: stakes and purchases resume; locked terms apply again',
    kind: 'write',
    options: [],
    examples: [`${functionName} --network ETH`],
    async run(input) {
      const run = await openWriter(input);
      const { ctx } = run;
      const paused = await ctx.client.readContract({
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'paused',
      });
      await sendSteps(run, [
        {
          title: pause ? 'Pause the pool' : 'Unpause the pool',
          contract: 'Staking',
          address: ctx.contracts.staking,
          abi: stakingAbi,
          functionName,
          args: [],
          details: [
            ['state now', paused ? 'paused' : 'running'],
            [
              'effect',
              pause
                ? 'stakes and memberships stop; users can release any principal at once, without penalty'
                : 'stakes and memberships resume; principal is locked until each term ends again',
            ],
          ],
        },
      ]);
      return 0;
    },
  };
}

export const pauseCommands = [pauseCommand(true), pauseCommand(false)];
