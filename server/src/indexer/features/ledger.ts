/**
 * What several features add to: each address's account row (stake, team, membership), the pool's
 * figures, the activity record and the raw contract events. Written once per chunk, after the
 * features' own rows.
 */
import { accounts, activity, contractEvents, type Account } from '../../db/schema/chain-index.ts';
import { defaultRow } from '../../db/schema/table.ts';
import type { ChunkWrites, PoolDelta } from './reduce.ts';
import { addRecordTotals, type ChunkWriter } from './write.ts';

/**
 * Changes to the pool's figures (deltas of chain_stats' counts and sums; paused is the last state
 * seen, null for none).
 */

/**
 * What a chunk adds to an address's accounts row: deltas of its sums and counts, its membership
 * (the larger one stays) and purchases (once true, true).
 */
export const emptyDelta = (address: string): Account => defaultRow(accounts, { address });

export const emptyStats = (): PoolDelta => ({
  totalStaked: 0n,
  activeStake: 0n,
  positions: 0,
  stakers: 0,
  bound: 0,
  paused: null,
});

/** The activity record and the contract events of the chunk. */
export async function writeRecords(writer: ChunkWriter, w: ChunkWrites): Promise<void> {
  await writer.insert(activity, w.activity);
  await addRecordTotals(writer, w.activity, 'activity');
  await writer.insert(contractEvents, w.contractEvents);
}

/** The account rows of the addresses the chunk touched (deltas added to what they had). */
export async function writeAccounts({ upsert }: ChunkWriter, deltas: Map<string, Account>) {
  // Memberships only ever go up (none → node → founder), so the larger one is the current one.
  await upsert(accounts, [...deltas.values()], {
    activeStake: 'add',
    totalStaked: 'add',
    positions: 'add',
    membersD1: 'add',
    membersD2: 'add',
    membersD3: 'add',
    teamStakeD1: 'add',
    teamStakeD2: 'add',
    teamStakeD3: 'add',
    membership: 'max',
    purchasedNode: 'or',
    purchasedFounder: 'or',
  });
}

export async function writeStats({ q, chain }: ChunkWriter, s: PoolDelta): Promise<void> {
  await q.query(
    `UPDATE chain_stats SET total_staked = total_staked + $2, active_stake = active_stake + $3,
       positions = positions + $4, stakers = stakers + $5, bound = bound + $6,
       paused = COALESCE($7, paused)
     WHERE chain_id = $1`,
    [
      chain,
      s.totalStaked.toString(),
      s.activeStake.toString(),
      s.positions,
      s.stakers,
      s.bound,
      s.paused,
    ],
  );
}
