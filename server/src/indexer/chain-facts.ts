/**
 * Facts about the Staking contract an operator must hear of at once (alert rules in
 * deploy/monitoring/alerts.yml), read by the indexer that holds the chain's lock, at its last
 * indexed (confirmed) block: the owner and any pending new owner, whether the pool is paused, how
 * many timelocked changes are queued, and the reward budget's margin — what is unreserved against
 * what stakes of the last 7 days reserved (from the index).
 */
import { formatUnits, getAddress, zeroAddress, type Address, type PublicClient } from 'viem';
import type { ChainDeployment } from '@app/contracts/generated';
import { timelockParams } from '@app/contracts/enums';
import { stakingAbi } from '@app/contracts/generated';
import type { Queryable } from '../db/db.ts';

export interface ChainFacts {
  /** The block the facts were read at. */
  block: bigint;
  owner: Address;
  /** A proposed owner that has not accepted yet (Ownable2Step), or null. */
  pendingOwner: Address | null;
  paused: boolean;
  /** Timelocked parameter changes queued (not executed or cancelled). */
  queuedChanges: number;
  /** Reward budget in whole coins: reserved for stakes, and free for new ones. */
  rewardReserved: number;
  rewardUnreserved: number;
  /** Reward coin reserved by stakes that started in the last 7 days (whole coins). */
  rewardReservedLast7d: number;
}

export const RECENT_RESERVATIONS_DAYS = 7;

export async function readChainFacts(
  client: PublicClient,
  db: Queryable,
  chainId: number,
  deployment: ChainDeployment,
  block: bigint,
  now: Date,
): Promise<ChainFacts> {
  const staking = { address: deployment.staking, abi: stakingAbi, blockNumber: block } as const;
  const since = new Date(now.getTime() - RECENT_RESERVATIONS_DAYS * 86_400_000);
  const [owner, pendingOwner, paused, budget, pending, recent] = await Promise.all([
    client.readContract({ ...staking, functionName: 'owner' }),
    client.readContract({ ...staking, functionName: 'pendingOwner' }),
    client.readContract({ ...staking, functionName: 'paused' }),
    client.readContract({ ...staking, functionName: 'rewardBudgetInfo' }),
    Promise.all(
      timelockParams.map((_, index) =>
        client.readContract({ ...staking, functionName: 'pendingChanges', args: [index] }),
      ),
    ),
    db.query<{ reserved: string }>(
      'SELECT COALESCE(SUM(reserved), 0)::text AS reserved FROM positions WHERE chain_id = $1 AND start_time > $2',
      [chainId, since],
    ),
  ]);
  const coins = (value: bigint) => Number(formatUnits(value, deployment.rewardTokenDecimals));
  return {
    block,
    owner: getAddress(owner),
    pendingOwner: pendingOwner === zeroAddress ? null : getAddress(pendingOwner),
    paused,
    queuedChanges: pending.filter(([, eta]) => eta !== 0n).length,
    rewardReserved: coins(budget[1]),
    rewardUnreserved: coins(budget[2]),
    rewardReservedLast7d: coins(BigInt(recent.rows[0]?.reserved.split('.')[0] ?? '0')),
  };
}
