/**
 * The tables several features add to: each address's account row (stake, team, membership), the
 * pool's figures, the activity record, the record lists' totals and the raw contract events
 * (migrations 003 and 005; what each column means is said there).
 */
import {
  boolean,
  chainTable,
  integer,
  jsonb,
  none,
  numeric,
  place,
  smallint,
  text,
  zero,
  byAddress,
  type RowOf,
  type Token,
} from '../shared/table.ts';

export const chainStats = chainTable(
  'chain_stats',
  {
    totalStaked: zero(numeric('total_staked')),
    activeStake: zero(numeric('active_stake')),
    positions: none(integer('positions')),
    stakers: none(integer('stakers')),
    bound: none(integer('bound')),
    paused: boolean('paused').withDefault(false),
  },
  { primaryKey: [] },
);

export const accounts = chainTable(
  'accounts',
  {
    address: text('address'),
    activeStake: zero(numeric('active_stake')),
    totalStaked: zero(numeric('total_staked')),
    positions: none(integer('positions')),
    membersD1: none(integer('members_d1')),
    membersD2: none(integer('members_d2')),
    membersD3: none(integer('members_d3')),
    teamStakeD1: zero(numeric('team_stake_d1')),
    teamStakeD2: zero(numeric('team_stake_d2')),
    teamStakeD3: zero(numeric('team_stake_d3')),
    membership: smallint('membership').withDefault(0),
    purchasedNode: boolean('purchased_node').withDefault(false),
    purchasedFounder: boolean('purchased_founder').withDefault(false),
  },
  { primaryKey: ['address'] },
);

/** accounts' columns per depth below the address (1 to 3): members and their active stake. */
export const memberKeys = ['membersD1', 'membersD2', 'membersD3'] as const;
export const teamStakeKeys = ['teamStakeD1', 'teamStakeD2', 'teamStakeD3'] as const;

export const activity = chainTable(
  'activity',
  {
    ...place(),
    address: text('address'),
    type: text('type'),
    token: text<Token>('token').orNull(),
    amount: numeric('amount').orNull(),
    detail: jsonb('detail'),
  },
  { primaryKey: ['blockNumber', 'logIndex'], indexes: [byAddress('activity_by_address')] },
);

export const contractEvents = chainTable(
  'contract_events',
  { ...place(), name: text('name'), args: jsonb('args') },
  {
    primaryKey: ['blockNumber', 'logIndex'],
    indexes: [{ name: 'contract_events_by_name', keys: ['name', 'blockNumber desc'] }],
  },
);

export const recordTotals = chainTable(
  'record_totals',
  {
    address: text('address'),
    activity: none(integer('activity')),
    withdrawals: none(integer('withdrawals')),
    exchanges: none(integer('exchanges')),
    exchangedIn: zero(numeric('exchanged_in')),
    exchangedNet: zero(numeric('exchanged_net')),
    exchangeFees: zero(numeric('exchange_fees')),
  },
  { primaryKey: ['address'] },
);

export type PoolStats = RowOf<typeof chainStats>;
export type Account = RowOf<typeof accounts>;
export type ActivityRow = RowOf<typeof activity>;
export type ContractEventRow = RowOf<typeof contractEvents>;
export type RecordTotals = RowOf<typeof recordTotals>;

/** An account's members at depths 1 to 3. */
export const membersOf = (a: Account): number[] => memberKeys.map((k) => a[k]);
/** The active stake of an account's members at depths 1 to 3 (its team performance is the sum). */
export const teamStakeOf = (a: Account): bigint[] => teamStakeKeys.map((k) => a[k]);
