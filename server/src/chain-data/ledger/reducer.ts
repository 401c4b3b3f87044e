/**
 * What several features add to: each address's account row (stake, team, membership), the pool's
 * figures, the activity record and the raw contract events. Written once per chunk, after the
 * features' own rows.
 */
import type { StakingLog } from '../../indexer/events.ts';
import { plainArgs, type ContextPart, type Place } from '../shared/reduce.ts';
import { defaultRow } from '../shared/table.ts';
import type { ChunkWriter } from '../shared/write.ts';
import {
  accounts,
  activity,
  contractEvents,
  recordTotals,
  type Account,
  type ActivityRow,
  type ContractEventRow,
  type PoolStats,
  type RecordTotals,
} from './tables.ts';

/** What a chunk adds to the pool's figures; `paused` null when unchanged. */
export type PoolDelta = Omit<PoolStats, 'paused'> & { paused: boolean | null };

export interface LedgerWrites {
  activity: ActivityRow[];
  contractEvents: ContractEventRow[];
  /** What the chunk adds to each address's accounts row (emptyDelta). */
  accounts: Map<string, Account>;
  stats: PoolDelta;
}

/** The ledger's part of the chunk's state, which most features' reducers write to. */
export interface LedgerPart extends ContextPart {
  w: LedgerWrites;
  /** The account delta of an address, created empty on first use. */
  account(address: string): Account;
  /** Adds (or removes) a stake to the team performance of the user's three uplines. */
  addTeamStake(user: string, amount: bigint, sign: 1n | -1n): void;
}

/**
 * What a chunk adds to an address's accounts row: deltas of its sums and counts, its membership
 * (the larger one stays) and purchases (once true, true).
 */
export const emptyDelta = (address: string): Account => defaultRow(accounts, { address });

/**
 * Changes to the pool's figures (deltas of chain_stats' counts and sums; paused is the last state
 * seen, null for none).
 */
export const emptyStats = (): PoolDelta => ({
  totalStaked: 0n,
  activeStake: 0n,
  positions: 0,
  stakers: 0,
  bound: 0,
  paused: null,
});

/** Kept as it is, for the record (events no page reads, and some that are also reduced). */
export const recordEvent = (
  s: { w: Pick<LedgerWrites, 'contractEvents'> },
  log: StakingLog,
  place: Place,
) => s.w.contractEvents.push({ ...place, name: log.eventName, args: plainArgs(log.args) });

/** The activity record and the contract events of the chunk. */
export async function writeRecords(writer: ChunkWriter, w: LedgerWrites): Promise<void> {
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

export type RecordCount = 'activity' | 'withdrawals' | 'exchanges';
type RecordSum = 'exchangedIn' | 'exchangedNet' | 'exchangeFees';

/**
 * Adds a chunk's new list rows to each address's count in record_totals (and to the sums named in
 * `sums`), written by the feature that writes the rows: a list's total is then one row read, not
 * a COUNT over the address's rows per request.
 */
export async function addRecordTotals<T extends { address: string }>(
  { upsert }: ChunkWriter,
  rows: readonly T[],
  count: RecordCount,
  sums: { [K in RecordSum]?: (row: T) => bigint } = {},
): Promise<void> {
  const byAddress = new Map<string, RecordTotals>();
  for (const row of rows) {
    let totals = byAddress.get(row.address);
    if (!totals)
      byAddress.set(row.address, (totals = defaultRow(recordTotals, { address: row.address })));
    totals[count]++;
    for (const [sum, of] of Object.entries(sums)) totals[sum as RecordSum] += of(row);
  }
  await upsert(recordTotals, [...byAddress.values()], {
    activity: 'add',
    withdrawals: 'add',
    exchanges: 'add',
    exchangedIn: 'add',
    exchangedNet: 'add',
    exchangeFees: 'add',
  });
}
