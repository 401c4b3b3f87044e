/**
 * ownership, ownership:transfer, ownership:accept — handing the Staking contract from the deployer
 * to the operator's owner account (a multisig in production) in two steps (Ownable2Step): the
 * current owner proposes, the new owner accepts; until then the old owner stays in charge, so a
 * mistyped address cannot take the contract out of reach.
 */
import { getAddress, zeroAddress } from 'viem';
import { stakingAbi } from '@app/contracts/generated';
import { openChain, openWriter, type Command } from '../command.ts';
import { OperatorError } from '../errors.ts';
import { fields, toJson } from '../format.ts';
import { sendSteps } from '../transact.ts';
import { parseAddress } from '../values.ts';
import type { ChainContext } from '../context.ts';

async function owners(ctx: ChainContext) {
  const staking = { address: ctx.contracts.staking, abi: stakingAbi } as const;
  const [owner, pendingOwner] = await Promise.all([
    ctx.client.readContract({ ...staking, functionName: 'owner' }),
    ctx.client.readContract({ ...staking, functionName: 'pendingOwner' }),
  ]);
  return { owner: getAddress(owner), pendingOwner: getAddress(pendingOwner) };
}

export const ownershipShow: Command = {
  name: 'ownership',
  summary: "show the Staking contract's owner and any pending (not yet accepted) new owner",
  kind: 'read',
  options: [],
  examples: ['ownership --network ETH --deployment production'],
  async run(input) {
    const ctx = await openChain(input);
    const o = await owners(ctx);
    if (input.options.flag('json')) {
      input.io.out(toJson({ network: ctx.network.key, chainId: ctx.network.chainId, ...o }));
      return 0;
    }
    input.io.out(
      fields([
        ['Staking', ctx.contracts.staking],
        ['owner', o.owner],
        ['pending owner', o.pendingOwner === zeroAddress ? 'none' : o.pendingOwner],
      ]),
    );
    return 0;
  },
};

export const ownershipTransfer: Command = {
  name: 'ownership:transfer',
  summary: 'step 1 of 2, sent by the current owner: propose a new owner (who must accept)',
  kind: 'write',
  options: [{ name: 'to', value: 'address', help: 'the new owner (e.g. the multisig)' }],
  notes: [
    'Nothing changes until the new owner runs ownership:accept with its own key; until then the',
    'current owner keeps every right and can propose another address instead.',
  ],
  examples: ['ownership:transfer --network ETH --deployment production --to 0x…'],
  async run(input) {
    const to = parseAddress(input.options.required('to'), '--to');
    const run = await openWriter(input);
    const { ctx } = run;
    const o = await owners(ctx);
    if (o.owner !== run.sender) {
      throw new OperatorError(
        `${run.safe ? 'the Safe' : "the key's address"} ${run.sender} is not the owner (${o.owner}): nothing was sent`,
      );
    }
    if (to === o.owner) throw new OperatorError(`${to} is already the owner: nothing was sent`);
    await sendSteps(run, [
      {
        title: 'Propose a new owner of the Staking contract',
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'transferOwnership',
        args: [to],
        details: [
          ['owner now', o.owner],
          ['proposed owner', to],
          ['effect', 'none until the proposed owner sends ownership:accept'],
        ],
      },
    ]);
    return 0;
  },
};

export const ownershipAccept: Command = {
  name: 'ownership:accept',
  summary: 'step 2 of 2, sent by the proposed owner: accept ownership of the Staking contract',
  kind: 'write',
  options: [],
  examples: ['ownership:accept --network ETH --deployment production'],
  async run(input) {
    const run = await openWriter(input);
    const { ctx } = run;
    const o = await owners(ctx);
    if (o.pendingOwner !== run.sender) {
      throw new OperatorError(
        o.pendingOwner === zeroAddress
          ? 'no new owner was proposed (ownership:transfer first): nothing was sent'
          : `the proposed owner is ${o.pendingOwner}, not ${run.safe ? 'the Safe' : "the key's address"} ${run.sender}: nothing was sent`,
      );
    }
    await sendSteps(run, [
      {
        title: 'Accept ownership of the Staking contract',
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'acceptOwnership',
        args: [],
        details: [
          ['owner now', o.owner],
          ['new owner', run.sender],
        ],
      },
    ]);
    return 0;
  },
};
