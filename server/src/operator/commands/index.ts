/** Every operator command, grouped as the help lists them. */
import type { Command } from '../command.ts';
import { grantsCredit, grantsDeposit, grantsWithdraw } from './grants.ts';
import { noticeDelete, noticePost } from './notice.ts';
import { ownershipAccept, ownershipShow, ownershipTransfer } from './ownership.ts';
import { paramCancel, paramExecute, paramList, paramQueue } from './params.ts';
import { pauseCommands } from './pause.ts';
import { planClose, planCreate, planList } from './plans.ts';
import { safeCreate, safeExec, safeShow, safeSign } from './safe.ts';
import { rewardsFund, rewardsWithdrawUnreserved } from './rewards.ts';
import { solvency } from './solvency.ts';
import { treasuryPay } from './treasury.ts';

export const commandGroups: { title: string; commands: Command[] }[] = [
  { title: 'Plans', commands: [planCreate, planClose, planList] },
  { title: 'Reward budget', commands: [rewardsFund, rewardsWithdrawUnreserved] },
  {
    title: 'Grants (activity, promotion)',
    commands: [grantsDeposit, grantsWithdraw, grantsCredit],
  },
  { title: 'Timelocked parameters', commands: [paramQueue, paramExecute, paramCancel, paramList] },
  { title: 'Pool', commands: [...pauseCommands, solvency, treasuryPay] },
  { title: 'Ownership (two steps)', commands: [ownershipShow, ownershipTransfer, ownershipAccept] },
  {
    title: 'Safe as owner (--safe on any owner command)',
    commands: [safeCreate, safeShow, safeSign, safeExec],
  },
  { title: 'Notices (server admin API)', commands: [noticePost, noticeDelete] },
];

export const commands: ReadonlyMap<string, Command> = new Map(
  commandGroups.flatMap((g) => g.commands.map((c) => [c.name, c] as const)),
);
