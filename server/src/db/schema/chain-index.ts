/**
 * The chain index's tables, each declared once (table.ts): the migrations that build them are
 * 003_chain_index.sql, 004 (income_totals.credits), 005 (record_totals) and 009 (address_touches);
 * tables.test.ts holds the two together. What each column means is said in those migrations.
 */
import type { tokenOfSource } from '@app/contracts/enums';
import {
  bigint,
  boolean,
  chainTable,
  date,
  integer,
  jsonb,
  numeric,
  numericArray,
  smallint,
  text,
  timestamptz,
  type RowOf,
} from './table.ts';

/** 'reward' (the reward coin) or 'usdc'. */
export type Token = ReturnType<typeof tokenOfSource>;

/** Where an event is on the chain: the columns every event's row has. */
const place = () => ({
  blockNumber: bigint('block_number'),
  logIndex: integer('log_index'),
  txHash: text('tx_hash'),
  time: timestamptz('block_time'),
});
/** An address's rows newest first: the index a list page reads. */
const byAddress = (name: string) => ({
  name,
  keys: ['address', 'blockNumber desc', 'logIndex desc'] as const,
});
const zero = (c: ReturnType<typeof numeric>) => c.withDefault(0n);
const none = (c: ReturnType<typeof integer>) => c.withDefault(0);

export const chainCursors = chainTable(
  'chain_cursors',
  {
    staking: text('staking'),
    blockNumber: bigint('block_number'),
    blockHash: text('block_hash'),
    blockTime: timestamptz('block_time').orNull(),
    levelThresholds: numericArray('level_thresholds'),
    updatedAt: timestamptz('updated_at'),
  },
  { primaryKey: [] },
);

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

export const market = chainTable(
  'market',
  {
    usdcReserve: numeric('usdc_reserve'),
    rewardReserve: numeric('reward_reserve'),
    blockNumber: bigint('block_number'),
    time: timestamptz('block_time'),
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

export const referrals = chainTable(
  'referrals',
  {
    address: text('address'),
    superior: text('superior'),
    upline2: text('upline2').orNull(),
    upline3: text('upline3').orNull(),
    blockNumber: bigint('block_number'),
    logIndex: integer('log_index'),
    txHash: text('tx_hash'),
    time: timestamptz('bound_at'),
  },
  {
    primaryKey: ['address'],
    indexes: [
      { name: 'referrals_d1', keys: ['superior', 'blockNumber desc', 'logIndex desc'] },
      { name: 'referrals_d2', keys: ['upline2', 'blockNumber desc', 'logIndex desc'] },
      { name: 'referrals_d3', keys: ['upline3', 'blockNumber desc', 'logIndex desc'] },
    ],
  },
);

export const plans = chainTable(
  'plans',
  {
    planId: integer('plan_id'),
    termDays: integer('term_days'),
    dailyRate: numeric('daily_rate'),
    cap: numeric('cap'),
    opensAt: timestamptz('opens_at'),
    closesAt: timestamptz('closes_at'),
    createdBlock: bigint('created_block'),
  },
  { primaryKey: ['planId'] },
);

export const positions = chainTable(
  'positions',
  {
    address: text('address'),
    positionId: integer('position_id'),
    planId: integer('plan_id'),
    amount: numeric('amount'),
    reserved: numeric('reserved').orNull(),
    startTime: timestamptz('start_time'),
    endTime: timestamptz('end_time'),
    blockNumber: bigint('block_number'),
    txHash: text('tx_hash'),
    releasedAt: timestamptz('released_at').orNull(),
    releasedEarly: boolean('released_early').orNull(),
    releasedPaid: boolean('released_paid').orNull(),
  },
  { primaryKey: ['address', 'positionId'] },
);

export const stakeDaily = chainTable(
  'stake_daily',
  { day: date('day'), amount: numeric('amount') },
  { primaryKey: ['day'] },
);

export const income = chainTable(
  'income',
  {
    ...place(),
    address: text('address'),
    source: smallint('source'),
    from: text('from_address').orNull(),
    token: text<Token>('token'),
    amount: numeric('amount'),
  },
  {
    primaryKey: ['blockNumber', 'logIndex'],
    indexes: [
      byAddress('income_by_address'),
      {
        name: 'income_by_source',
        keys: ['address', 'source', 'blockNumber desc', 'logIndex desc'],
      },
    ],
  },
);

export const incomeTotals = chainTable(
  'income_totals',
  {
    address: text('address'),
    source: smallint('source'),
    amount: numeric('amount'),
    credits: none(integer('credits')),
  },
  { primaryKey: ['address', 'source'] },
);

export const incomeDaily = chainTable(
  'income_daily',
  {
    address: text('address'),
    day: date('day'),
    source: smallint('source'),
    amount: numeric('amount'),
  },
  { primaryKey: ['address', 'day', 'source'] },
);

export const platformIncomeDaily = chainTable(
  'platform_income_daily',
  { day: date('day'), source: smallint('source'), amount: numeric('amount') },
  { primaryKey: ['day', 'source'] },
);

export const exchanges = chainTable(
  'exchanges',
  {
    ...place(),
    address: text('address'),
    amountIn: numeric('amount_in'),
    grossUsdc: numeric('gross_usdc'),
    fee: numeric('fee'),
    netUsdc: numeric('net_usdc'),
  },
  { primaryKey: ['blockNumber', 'logIndex'], indexes: [byAddress('exchanges_by_address')] },
);

export const withdrawals = chainTable(
  'withdrawals',
  {
    ...place(),
    address: text('address'),
    kind: text<'usdc' | 'principal' | 'rewardCoin'>('kind'),
    token: text<Token>('token'),
    amount: numeric('amount'),
  },
  { primaryKey: ['blockNumber', 'logIndex'], indexes: [byAddress('withdrawals_by_address')] },
);

export const memberships = chainTable(
  'memberships',
  {
    ...place(),
    address: text('address'),
    membership: smallint('membership'),
    price: numeric('price'),
    upgrade: boolean('upgrade'),
    treasury: text('treasury'),
  },
  { primaryKey: ['blockNumber', 'logIndex'] },
);

/** One `payTreasury` (TreasuryPaid): every proceed accrued so far, sent to that block's treasury. */
export const treasuryPayments = chainTable(
  'treasury_payments',
  {
    ...place(),
    treasury: text('treasury'),
    amount: numeric('amount'),
  },
  { primaryKey: ['blockNumber', 'logIndex'] },
);

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

export const timelockChanges = chainTable(
  'timelock_changes',
  {
    ...place(),
    param: smallint('param'),
    value: numeric('value'),
    eta: timestamptz('eta'),
    status: text<'queued' | 'executed' | 'cancelled' | 'replaced'>('status'),
    settledBlock: bigint('settled_block').orNull(),
    noticeId: integer('notice_id').orNull(),
  },
  {
    primaryKey: ['blockNumber', 'logIndex'],
    indexes: [{ name: 'timelock_queued', keys: ['param'], where: "(status = 'queued'::text)" }],
  },
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

export const addressTouches = chainTable(
  'address_touches',
  { address: text('address'), blockNumber: bigint('block_number') },
  {
    primaryKey: ['address'],
    indexes: [{ name: 'address_touches_by_block', keys: ['blockNumber'] }],
  },
);

/** Every table of the chain index, in the order a reset deletes a chain's rows. */
export const chainIndexTables = [
  referrals,
  plans,
  positions,
  stakeDaily,
  income,
  incomeTotals,
  incomeDaily,
  platformIncomeDaily,
  exchanges,
  withdrawals,
  memberships,
  treasuryPayments,
  activity,
  recordTotals,
  contractEvents,
  timelockChanges,
  accounts,
  market,
  chainStats,
  addressTouches,
  chainCursors,
] as const;

export type Cursor = RowOf<typeof chainCursors>;
export type PoolStats = RowOf<typeof chainStats>;
export type Market = RowOf<typeof market>;
export type Account = RowOf<typeof accounts>;
export type ReferralRow = RowOf<typeof referrals>;
export type PlanRow = RowOf<typeof plans>;
export type PositionRow = RowOf<typeof positions>;
export type IncomeRow = RowOf<typeof income>;
export type ExchangeRow = RowOf<typeof exchanges>;
export type WithdrawalRow = RowOf<typeof withdrawals>;
export type MembershipRow = RowOf<typeof memberships>;
export type TreasuryPaymentRow = RowOf<typeof treasuryPayments>;
export type ActivityRow = RowOf<typeof activity>;
export type TimelockRow = RowOf<typeof timelockChanges>;
export type ContractEventRow = RowOf<typeof contractEvents>;
export type RecordTotals = RowOf<typeof recordTotals>;

/** An account's members at depths 1 to 3. */
export const membersOf = (a: Account): number[] => memberKeys.map((k) => a[k]);
/** The active stake of an account's members at depths 1 to 3 (its team performance is the sum). */
export const teamStakeOf = (a: Account): bigint[] => teamStakeKeys.map((k) => a[k]);
