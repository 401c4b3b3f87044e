/**
 * Turns the decoded events of one chunk of blocks into the rows and sums to write. Pure: all it
 * needs from the database (the uplines of the addresses involved) is passed in, so a chunk is
 * written with a few bulk statements instead of several statements per event.
 *
 * Only the orchestration is here: each event family's reduction lives with its feature
 * (chain-data/<feature>/reducer.ts: referral tree, positions, income, withdrawals, grants,
 * exchange, memberships, governance), which declares its part of the chunk's state; events no
 * feature reduces are kept as contract events, for the record.
 */
import { exchangeReducers, reduceSync, type ExchangePart } from '../chain-data/exchange/index.ts';
import {
  governanceReducers,
  type GovernancePart,
  type TimelockRow,
} from '../chain-data/governance/index.ts';
import { grantReducers } from '../chain-data/grants/index.ts';
import { incomeReducers, type IncomePart } from '../chain-data/income/index.ts';
import {
  emptyDelta,
  emptyStats,
  recordEvent,
  teamStakeKeys,
  type Account,
  type LedgerPart,
} from '../chain-data/ledger/index.ts';
import { membershipReducers, type MembershipsPart } from '../chain-data/memberships/index.ts';
import {
  positionReducers,
  type PositionRow,
  type PositionsPart,
} from '../chain-data/positions/index.ts';
import type { ChunkContext, Place, Reducer, Reducers } from '../chain-data/shared/reduce.ts';
import { referralReducers, type TeamPart, type Uplines } from '../chain-data/team/index.ts';
import { withdrawalReducers, type WithdrawalsPart } from '../chain-data/withdrawals/index.ts';
import type { ChainEvent, StakingLog } from './events.ts';

export { addressesNeedingUplines, type Uplines } from '../chain-data/team/index.ts';
export { utcDay, type ChunkContext, type Token } from '../chain-data/shared/reduce.ts';

/** What one chunk's reducers read and change, in order: every feature's part of it. */
export type ChunkState = LedgerPart &
  TeamPart &
  PositionsPart &
  IncomePart &
  WithdrawalsPart &
  ExchangePart &
  MembershipsPart &
  GovernancePart;

/** The rows and sums of one chunk, to write. */
export type ChunkWrites = ChunkState['w'];

/**
 * Every feature's reducers, by event, in this order: an event two features reduce (income, and the
 * grants among it) is reduced by both.
 */
const features: Reducers<ChunkState>[] = [
  referralReducers,
  positionReducers,
  incomeReducers,
  withdrawalReducers,
  grantReducers,
  exchangeReducers,
  membershipReducers,
  governanceReducers,
];
const reducers = new Map<string, Reducer<ChunkState, StakingLog['eventName']>[]>();
for (const feature of features) {
  for (const [name, reduce] of Object.entries(feature)) {
    const list = reducers.get(name) ?? [];
    list.push(reduce as Reducer<ChunkState, StakingLog['eventName']>);
    reducers.set(name, list);
  }
}

/**
 * Builds the writes of one chunk. `uplines` holds the tree rows of the addresses named by
 * `addressesNeedingUplines` (absent = not bound); binds in this chunk are added to it as they come.
 */
export function buildChunk(
  ctx: ChunkContext,
  events: readonly ChainEvent[],
  uplines: Map<string, Uplines>,
): ChunkWrites {
  const w: ChunkWrites = {
    income: [],
    activity: [],
    exchanges: [],
    withdrawals: [],
    memberships: [],
    treasuryPayments: [],
    referrals: [],
    plans: [],
    planCloses: [],
    positions: [],
    releases: [],
    timelock: [],
    timelockSettles: [],
    contractEvents: [],
    market: null,
    accounts: new Map(),
    incomeTotals: new Map(),
    incomeDaily: new Map(),
    platformDaily: new Map(),
    stakeDaily: new Map(),
    stats: emptyStats(),
  };
  const account = (address: string): Account => {
    let d = w.accounts.get(address);
    if (!d) w.accounts.set(address, (d = emptyDelta(address)));
    return d;
  };
  const teamUnit = 10n ** BigInt(Math.max(ctx.usdcDecimals - 2, 0));
  const uplinesOf = (address: string): (string | null)[] => {
    const u = uplines.get(address);
    return u ? [u.superior, u.upline2, u.upline3] : [null, null, null];
  };
  const state: ChunkState = {
    ctx,
    w,
    uplines,
    account,
    /** The contract counts team performance in whole hundredths of a USDC. */
    addTeamStake(user, amount, sign) {
      const counted = (amount / teamUnit) * teamUnit * sign;
      uplinesOf(user).forEach((up, depth) => {
        if (up) account(up)[teamStakeKeys[depth]!] += counted;
      });
    },
    newPositions: new Map<string, PositionRow>(),
    queuedByParam: new Map<number, TimelockRow>(),
  };

  for (const e of events) {
    const place: Place = {
      blockNumber: e.blockNumber,
      logIndex: e.logIndex,
      txHash: e.txHash,
      time: e.time,
    };
    if (e.contract === 'pair') {
      reduceSync(state, e);
      continue;
    }
    const log: StakingLog = e.log;
    const reduce = reducers.get(log.eventName);
    if (!reduce) {
      // RewardsFunded, UnreservedWithdrawn, ReservationReturned, DividendsDistributed,
      // GrantsBudgetChanged, ownership events: kept as they are, for the record.
      recordEvent(state, log, place);
      continue;
    }
    for (const r of reduce) r(state, log, e, place);
  }
  return w;
}
