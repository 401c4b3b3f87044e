/**
 * What several features add to: each address's account row (stake, team, membership), the pool's
 * figures, the activity record and the raw contract events. Written once per chunk, after the
 * features' own rows.
 */
import type { Place, Token } from './reduce.ts';
import type { ChunkWrites } from './reduce.ts';
import { addRecordTotals, place, placeOf, type ChunkWriter } from './write.ts';

export interface ActivityRow extends Place {
  address: string;
  type: string;
  token: Token | null;
  amount: bigint | null;
  detail: Record<string, unknown>;
}
export interface ContractEventRow extends Place {
  name: string;
  args: Record<string, unknown>;
}

/** Changes to one address's row of `accounts` (deltas, except the membership fields). */
export interface AccountDelta {
  activeStake: bigint;
  totalStaked: bigint;
  positions: number;
  members: [number, number, number];
  teamStake: [bigint, bigint, bigint];
  membership: number | null;
  purchasedNode: boolean;
  purchasedFounder: boolean;
}

/** Changes to the pool's figures (deltas; paused is the last state seen, null for none). */
export interface PoolStats {
  totalStaked: bigint;
  activeStake: bigint;
  positions: number;
  stakers: number;
  bound: number;
  paused: boolean | null;
}

export function emptyDelta(): AccountDelta {
  return {
    activeStake: 0n,
    totalStaked: 0n,
    positions: 0,
    members: [0, 0, 0],
    teamStake: [0n, 0n, 0n],
    membership: null,
    purchasedNode: false,
    purchasedFounder: false,
  };
}

export const emptyStats = (): PoolStats => ({
  totalStaked: 0n,
  activeStake: 0n,
  positions: 0,
  stakers: 0,
  bound: 0,
  paused: null,
});

/** The activity record and the contract events of the chunk. */
export async function writeRecords(writer: ChunkWriter, w: ChunkWrites): Promise<void> {
  const { insert } = writer;
  await insert(
    'activity',
    [
      ['address', 'text'],
      ['type', 'text'],
      ['token', 'text'],
      ['amount', 'numeric'],
      ['detail', 'jsonb'],
      ...place,
    ],
    w.activity.map((r) => [r.address, r.type, r.token, r.amount, r.detail, ...placeOf(r)]),
  );
  await addRecordTotals(writer, w.activity, 'activity');
  await insert(
    'contract_events',
    [['name', 'text'], ['args', 'jsonb'], ...place],
    w.contractEvents.map((r) => [r.name, r.args, ...placeOf(r)]),
  );
}

/** The account rows of the addresses the chunk touched (deltas added to what they had). */
export async function writeAccounts(
  { insert }: ChunkWriter,
  accounts: Map<string, AccountDelta>,
): Promise<void> {
  await insert(
    'accounts',
    [
      ['address', 'text'],
      ['active_stake', 'numeric'],
      ['total_staked', 'numeric'],
      ['positions', 'integer'],
      ['members_d1', 'integer'],
      ['members_d2', 'integer'],
      ['members_d3', 'integer'],
      ['team_stake_d1', 'numeric'],
      ['team_stake_d2', 'numeric'],
      ['team_stake_d3', 'numeric'],
      ['membership', 'smallint'],
      ['purchased_node', 'boolean'],
      ['purchased_founder', 'boolean'],
    ],
    [...accounts].map(([address, d]) => [
      address,
      d.activeStake,
      d.totalStaked,
      d.positions,
      ...d.members,
      ...d.teamStake,
      d.membership ?? 0,
      d.purchasedNode,
      d.purchasedFounder,
    ]),
    // Memberships only ever go up (none → node → founder), so the larger one is the current one.
    `ON CONFLICT (chain_id, address) DO UPDATE SET
       active_stake = accounts.active_stake + EXCLUDED.active_stake,
       total_staked = accounts.total_staked + EXCLUDED.total_staked,
       positions = accounts.positions + EXCLUDED.positions,
       members_d1 = accounts.members_d1 + EXCLUDED.members_d1,
       members_d2 = accounts.members_d2 + EXCLUDED.members_d2,
       members_d3 = accounts.members_d3 + EXCLUDED.members_d3,
       team_stake_d1 = accounts.team_stake_d1 + EXCLUDED.team_stake_d1,
       team_stake_d2 = accounts.team_stake_d2 + EXCLUDED.team_stake_d2,
       team_stake_d3 = accounts.team_stake_d3 + EXCLUDED.team_stake_d3,
       membership = GREATEST(accounts.membership, EXCLUDED.membership),
       purchased_node = accounts.purchased_node OR EXCLUDED.purchased_node,
       purchased_founder = accounts.purchased_founder OR EXCLUDED.purchased_founder`,
  );
}

export async function writeStats({ q, chain }: ChunkWriter, s: PoolStats): Promise<void> {
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
