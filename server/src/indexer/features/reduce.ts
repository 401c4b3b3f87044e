/**
 * What every feature's reducer shares: the chunk's writes, the state a chunk carries from event to
 * event, and the small helpers. A reducer turns one decoded event into rows and sums; it is pure
 * (all it needs from the database, the uplines, is passed in).
 */
import type {
  Account,
  ActivityRow,
  ContractEventRow,
  ExchangeRow,
  IncomeRow,
  Market,
  MembershipRow,
  PlanRow,
  PoolStats,
  PositionRow,
  ReferralRow,
  TimelockRow,
  TreasuryPaymentRow,
  WithdrawalRow,
} from '../../db/schema/chain-index.ts';
import type { ChainEvent, StakingLog } from '../events.ts';

export type { Token } from '../../db/schema/chain-index.ts';

// The three types below belong to one feature each but are part of every chunk's state; they are
// declared here so that this module imports no feature (each feature imports it).

/** A timelocked change settled in the chunk (governance.ts). */
export interface TimelockSettle {
  param: number;
  status: 'executed' | 'cancelled' | 'replaced';
  block: bigint;
}

/** What a chunk adds to the pool's figures (ledger.ts); `paused` null when unchanged. */
export type PoolDelta = Omit<PoolStats, 'paused'> & { paused: boolean | null };

/** An address's three uplines as the referral tree has them (referrals.ts). */
export type Uplines = Pick<ReferralRow, 'superior' | 'upline2' | 'upline3'>;

/** Where an event is on the chain: the columns every event's row has. */
export type Place = Pick<ExchangeRow, 'blockNumber' | 'logIndex' | 'txHash' | 'time'>;

export interface ChunkContext {
  /** USDC decimals: team performance counts whole hundredths of a USDC, as the contract does. */
  usdcDecimals: number;
  /** Whether USDC is token0 of the pair (the lower address). */
  usdcIsToken0: boolean;
}

export interface ChunkWrites {
  income: IncomeRow[];
  activity: ActivityRow[];
  exchanges: ExchangeRow[];
  withdrawals: WithdrawalRow[];
  memberships: MembershipRow[];
  treasuryPayments: TreasuryPaymentRow[];
  referrals: ReferralRow[];
  plans: PlanRow[];
  /** Plans of earlier chunks closed in this one. */
  planCloses: Pick<PlanRow, 'planId' | 'closesAt'>[];
  positions: PositionRow[];
  /** Positions of earlier chunks released in this one. */
  releases: Pick<
    PositionRow,
    'address' | 'positionId' | 'releasedAt' | 'releasedEarly' | 'releasedPaid'
  >[];
  timelock: TimelockRow[];
  timelockSettles: TimelockSettle[];
  contractEvents: ContractEventRow[];
  market: Market | null;
  /** What the chunk adds to each address's accounts row (emptyDelta, ledger.ts). */
  accounts: Map<string, Account>;
  /** key `${address}|${source}` */
  incomeTotals: Map<string, bigint>;
  /** key `${address}|${day}|${source}` */
  incomeDaily: Map<string, bigint>;
  /** key `${day}|${source}` */
  platformDaily: Map<string, bigint>;
  /** key day */
  stakeDaily: Map<string, bigint>;
  stats: PoolDelta;
}

/** What a reducer reads and changes while a chunk's events are reduced, in order. */
export interface ChunkState {
  ctx: ChunkContext;
  w: ChunkWrites;
  /** Tree rows of the addresses involved (absent = not bound); binds of this chunk are added. */
  uplines: Map<string, Uplines>;
  /** The account delta of an address, created empty on first use. */
  account(address: string): Account;
  /** Adds (or removes) a stake to the team performance of the user's three uplines. */
  addTeamStake(user: string, amount: bigint, sign: 1n | -1n): void;
  /** Positions opened in this chunk, by `${user}|${positionId}`. */
  newPositions: Map<string, PositionRow>;
  /** Timelock rows queued in this chunk and still pending, by parameter. */
  queuedByParam: Map<number, TimelockRow>;
}

export type EventName = StakingLog['eventName'];
export type LogOf<N extends EventName> = Extract<StakingLog, { eventName: N }>;
export type Reducer<N extends EventName> = (
  s: ChunkState,
  log: LogOf<N>,
  e: ChainEvent,
  place: Place,
) => void;
/** A feature's reducers, by the Staking event each reduces. */
export type Reducers = { [N in EventName]?: Reducer<N> };

/** UTC day of a time, 'YYYY-MM-DD'. */
export const utcDay = (t: Date): string => t.toISOString().slice(0, 10);

export const lower = (a: string) => a.toLowerCase();

export const add = <K>(map: Map<K, bigint>, key: K, amount: bigint) =>
  map.set(key, (map.get(key) ?? 0n) + amount);

/** JSON-safe arguments (bigints as decimal strings, addresses lower-case). */
export function plainArgs(
  args: Record<string, unknown> | readonly unknown[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    out[k] =
      typeof v === 'bigint'
        ? v.toString()
        : typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)
          ? v.toLowerCase()
          : v;
  }
  return out;
}

/** Kept as it is, for the record (events no page reads, and some that are also reduced). */
export const recordEvent = (s: ChunkState, log: StakingLog, place: Place) =>
  s.w.contractEvents.push({ ...place, name: log.eventName, args: plainArgs(log.args) });
