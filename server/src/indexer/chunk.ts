/**
 * Turns the decoded events of one chunk of blocks into the rows and sums to write. Pure: all it
 * needs from the database (the uplines of the addresses involved) is passed in, so a chunk is
 * written with a few bulk statements instead of several statements per event.
 */
import { incomeSources, tokenOfSource } from '@app/contracts/enums';
import type { ChainEvent, StakingLog } from './events.ts';

export type Token = ReturnType<typeof tokenOfSource>;

export {
  incomeSources,
  tokenOfSource,
  timelockParams as params,
  type IncomeSourceName,
  type TimelockParamName as ParamName,
} from '@app/contracts/enums';

export interface Uplines {
  superior: string;
  upline2: string | null;
  upline3: string | null;
}

export interface ChunkContext {
  /** USDC decimals: team performance counts whole hundredths of a USDC, as the contract does. */
  usdcDecimals: number;
  /** Whether USDC is token0 of the pair (the lower address). */
  usdcIsToken0: boolean;
}

interface Place {
  blockNumber: bigint;
  logIndex: number;
  txHash: string;
  time: Date;
}

export interface IncomeRow extends Place {
  address: string;
  source: number;
  from: string | null;
  token: Token;
  amount: bigint;
}
export interface ActivityRow extends Place {
  address: string;
  type: string;
  token: Token | null;
  amount: bigint | null;
  detail: Record<string, unknown>;
}
export interface ExchangeRow extends Place {
  address: string;
  amountIn: bigint;
  grossUsdc: bigint;
  fee: bigint;
  netUsdc: bigint;
}
export interface WithdrawalRow extends Place {
  address: string;
  kind: 'usdc' | 'principal' | 'rewardCoin';
  token: Token;
  amount: bigint;
}
export interface MembershipRow extends Place {
  address: string;
  membership: number;
  price: bigint;
  upgrade: boolean;
  treasury: string;
}
export interface ReferralRow extends Place, Uplines {
  address: string;
}
export interface PlanRow {
  planId: number;
  termDays: number;
  dailyRate: bigint;
  cap: bigint;
  opensAt: Date;
  closesAt: Date;
  createdBlock: bigint;
}
export interface PositionRow {
  address: string;
  positionId: number;
  planId: number;
  amount: bigint;
  reserved: bigint | null;
  startTime: Date;
  endTime: Date;
  blockNumber: bigint;
  txHash: string;
  releasedAt: Date | null;
  releasedEarly: boolean | null;
  releasedPaid: boolean | null;
}
export interface ReleaseRow {
  address: string;
  positionId: number;
  time: Date;
  early: boolean;
  paid: boolean;
}
export interface TimelockRow extends Place {
  param: number;
  value: bigint;
  eta: Date;
  status: 'queued' | 'executed' | 'cancelled' | 'replaced';
  settledBlock: bigint | null;
}
/** A change of status of a queued row written in an earlier chunk. */
export interface TimelockSettle {
  param: number;
  status: 'executed' | 'cancelled' | 'replaced';
  block: bigint;
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

export interface ChunkWrites {
  income: IncomeRow[];
  activity: ActivityRow[];
  exchanges: ExchangeRow[];
  withdrawals: WithdrawalRow[];
  memberships: MembershipRow[];
  referrals: ReferralRow[];
  plans: PlanRow[];
  planCloses: { planId: number; closesAt: Date }[];
  positions: PositionRow[];
  releases: ReleaseRow[];
  timelock: TimelockRow[];
  timelockSettles: TimelockSettle[];
  contractEvents: ContractEventRow[];
  market: { usdcReserve: bigint; rewardReserve: bigint; blockNumber: bigint; time: Date } | null;
  accounts: Map<string, AccountDelta>;
  /** key `${address}|${source}` */
  incomeTotals: Map<string, bigint>;
  /** key `${address}|${day}|${source}` */
  incomeDaily: Map<string, bigint>;
  /** key `${day}|${source}` */
  platformDaily: Map<string, bigint>;
  /** key day */
  stakeDaily: Map<string, bigint>;
  stats: {
    totalStaked: bigint;
    activeStake: bigint;
    positions: number;
    stakers: number;
    bound: number;
    paused: boolean | null;
  };
}

/** UTC day of a time, 'YYYY-MM-DD'. */
export const utcDay = (t: Date): string => t.toISOString().slice(0, 10);

const lower = (a: string) => a.toLowerCase();

/** Addresses whose uplines the chunk needs from earlier chunks: stakers, releasers, new superiors. */
export function addressesNeedingUplines(events: readonly ChainEvent[]): string[] {
  const set = new Set<string>();
  for (const e of events) {
    if (e.contract !== 'staking') continue;
    const l = e.log;
    if (l.eventName === 'Staked' || l.eventName === 'PrincipalReleased')
      set.add(lower(l.args.user));
    else if (l.eventName === 'SuperiorBound') set.add(lower(l.args.superior));
  }
  return [...set];
}

function emptyDelta(): AccountDelta {
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

const add = <K>(map: Map<K, bigint>, key: K, amount: bigint) =>
  map.set(key, (map.get(key) ?? 0n) + amount);

/** JSON-safe arguments (bigints as decimal strings, addresses lower-case). */
function plainArgs(args: Record<string, unknown> | readonly unknown[]): Record<string, unknown> {
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
    stats: {
      totalStaked: 0n,
      activeStake: 0n,
      positions: 0,
      stakers: 0,
      bound: 0,
      paused: null,
    },
  };
  const account = (address: string): AccountDelta => {
    let d = w.accounts.get(address);
    if (!d) w.accounts.set(address, (d = emptyDelta()));
    return d;
  };
  const teamUnit = 10n ** BigInt(Math.max(ctx.usdcDecimals - 2, 0));
  const uplinesOf = (address: string): (string | null)[] => {
    const u = uplines.get(address);
    return u ? [u.superior, u.upline2, u.upline3] : [null, null, null];
  };
  /** The contract counts team performance in whole hundredths of a USDC. */
  const addTeamStake = (user: string, amount: bigint, sign: 1n | -1n) => {
    const counted = (amount / teamUnit) * teamUnit * sign;
    uplinesOf(user).forEach((up, depth) => {
      if (up) account(up).teamStake[depth]! += counted;
    });
  };
  const newPositions = new Map<string, PositionRow>();
  const queuedByParam = new Map<number, TimelockRow>();

  for (const e of events) {
    const place: Place = {
      blockNumber: e.blockNumber,
      logIndex: e.logIndex,
      txHash: e.txHash,
      time: e.time,
    };
    if (e.contract === 'pair') {
      const { reserve0, reserve1 } = e.log.args;
      w.market = {
        usdcReserve: ctx.usdcIsToken0 ? reserve0 : reserve1,
        rewardReserve: ctx.usdcIsToken0 ? reserve1 : reserve0,
        blockNumber: e.blockNumber,
        time: e.time,
      };
      continue;
    }
    const log: StakingLog = e.log;
    switch (log.eventName) {
      case 'SuperiorBound': {
        const user = lower(log.args.user);
        const superior = lower(log.args.superior);
        const above = uplines.get(superior);
        const row: Uplines = {
          superior,
          upline2: above?.superior ?? null,
          upline3: above?.upline2 ?? null,
        };
        uplines.set(user, row);
        w.referrals.push({ ...place, address: user, ...row });
        [row.superior, row.upline2, row.upline3].forEach((up, depth) => {
          if (up) account(up).members[depth]! += 1;
        });
        account(user);
        w.stats.bound += 1;
        w.activity.push({
          ...place,
          address: user,
          type: 'bind',
          token: null,
          amount: null,
          detail: { superior },
        });
        break;
      }
      case 'PlanCreated': {
        const a = log.args;
        w.plans.push({
          planId: Number(a.planId),
          termDays: Number(a.termDays),
          dailyRate: a.dailyRate,
          cap: a.cap,
          opensAt: new Date(Number(a.opensAt) * 1000),
          closesAt: new Date(Number(a.closesAt) * 1000),
          createdBlock: e.blockNumber,
        });
        break;
      }
      case 'PlanClosed': {
        const closesAt = new Date(Number(log.args.closesAt) * 1000);
        const planId = Number(log.args.planId);
        const fresh = w.plans.find((p) => p.planId === planId);
        if (fresh) fresh.closesAt = closesAt;
        else w.planCloses.push({ planId, closesAt });
        break;
      }
      case 'Staked': {
        const a = log.args;
        const user = lower(a.user);
        const positionId = Number(a.positionId);
        const row: PositionRow = {
          address: user,
          positionId,
          planId: Number(a.planId),
          amount: a.amount,
          reserved: null,
          startTime: new Date(Number(a.startTime) * 1000),
          endTime: new Date(Number(a.endTime) * 1000),
          blockNumber: e.blockNumber,
          txHash: e.txHash,
          releasedAt: null,
          releasedEarly: null,
          releasedPaid: null,
        };
        w.positions.push(row);
        newPositions.set(`${user}|${positionId}`, row);
        const d = account(user);
        d.activeStake += a.amount;
        d.totalStaked += a.amount;
        d.positions += 1;
        addTeamStake(user, a.amount, 1n);
        w.stats.totalStaked += a.amount;
        w.stats.activeStake += a.amount;
        w.stats.positions += 1;
        if (positionId === 0) w.stats.stakers += 1;
        add(w.stakeDaily, utcDay(e.time), a.amount);
        w.activity.push({
          ...place,
          address: user,
          type: 'stake',
          token: 'usdc',
          amount: a.amount,
          detail: {
            positionId,
            planId: Number(a.planId),
            endTime: row.endTime.toISOString(),
          },
        });
        break;
      }
      case 'RewardReserved': {
        const key = `${lower(log.args.user)}|${Number(log.args.positionId)}`;
        const fresh = newPositions.get(key);
        // Always emitted right after its Staked, in the same transaction (so in this chunk).
        if (fresh) fresh.reserved = log.args.amount;
        w.contractEvents.push({ ...place, name: log.eventName, args: plainArgs(log.args) });
        break;
      }
      case 'PrincipalReleased': {
        const a = log.args;
        const user = lower(a.user);
        const positionId = Number(a.positionId);
        const fresh = newPositions.get(`${user}|${positionId}`);
        if (fresh) {
          fresh.releasedAt = e.time;
          fresh.releasedEarly = a.early;
          fresh.releasedPaid = a.paid;
        } else {
          w.releases.push({
            address: user,
            positionId,
            time: e.time,
            early: a.early,
            paid: a.paid,
          });
        }
        account(user).activeStake -= a.amount;
        addTeamStake(user, a.amount, -1n);
        w.stats.activeStake -= a.amount;
        w.activity.push({
          ...place,
          address: user,
          type: 'release',
          token: 'usdc',
          amount: a.amount,
          detail: { positionId, early: a.early, paid: a.paid },
        });
        if (a.paid) {
          w.withdrawals.push({
            ...place,
            address: user,
            kind: 'principal',
            token: 'usdc',
            amount: a.amount,
          });
        }
        break;
      }
      case 'IncomeCredited': {
        const a = log.args;
        const user = lower(a.user);
        const source = Number(a.source);
        const token = tokenOfSource(source);
        const from = lower(a.from);
        w.income.push({
          ...place,
          address: user,
          source,
          from: from === '0x0000000000000000000000000000000000000000' ? null : from,
          token,
          amount: a.amount,
        });
        const day = utcDay(e.time);
        add(w.incomeTotals, `${user}|${source}`, a.amount);
        add(w.incomeDaily, `${user}|${day}|${source}`, a.amount);
        add(w.platformDaily, `${day}|${source}`, a.amount);
        if (source === 5 || source === 6) {
          w.activity.push({
            ...place,
            address: user,
            type: 'grant',
            token,
            amount: a.amount,
            detail: { source: incomeSources[source] },
          });
        }
        break;
      }
      case 'Exchanged': {
        const a = log.args;
        const user = lower(a.user);
        w.exchanges.push({
          ...place,
          address: user,
          amountIn: a.amountIn,
          grossUsdc: a.grossUsdc,
          fee: a.fee,
          netUsdc: a.netUsdc,
        });
        w.activity.push({
          ...place,
          address: user,
          type: 'exchange',
          token: 'usdc',
          amount: a.netUsdc,
          detail: {
            amountIn: a.amountIn.toString(),
            grossUsdc: a.grossUsdc.toString(),
            fee: a.fee.toString(),
          },
        });
        break;
      }
      case 'Withdrawn':
      case 'RewardCoinWithdrawn': {
        const user = lower(log.args.user);
        const usdc = log.eventName === 'Withdrawn';
        const token: Token = usdc ? 'usdc' : 'reward';
        w.withdrawals.push({
          ...place,
          address: user,
          kind: usdc ? 'usdc' : 'rewardCoin',
          token,
          amount: log.args.amount,
        });
        w.activity.push({
          ...place,
          address: user,
          type: usdc ? 'withdraw' : 'withdrawRewardCoin',
          token,
          amount: log.args.amount,
          detail: {},
        });
        break;
      }
      case 'MembershipPurchased': {
        const a = log.args;
        const user = lower(a.user);
        const membership = Number(a.membership);
        const treasury = lower(a.treasury);
        w.memberships.push({
          ...place,
          address: user,
          membership,
          price: a.price,
          upgrade: a.upgrade,
          treasury,
        });
        const d = account(user);
        d.membership = membership;
        if (membership === 1) d.purchasedNode = true;
        if (membership === 2) d.purchasedFounder = true;
        w.activity.push({
          ...place,
          address: user,
          type: 'membership',
          token: 'usdc',
          amount: a.price,
          detail: {
            membership: membership === 1 ? 'node' : 'founder',
            upgrade: a.upgrade,
            treasury,
          },
        });
        break;
      }
      case 'ParamQueued': {
        const param = Number(log.args.param);
        const previous = queuedByParam.get(param);
        if (previous) {
          previous.status = 'replaced';
          previous.settledBlock = e.blockNumber;
        } else {
          w.timelockSettles.push({ param, status: 'replaced', block: e.blockNumber });
        }
        const row: TimelockRow = {
          ...place,
          param,
          value: log.args.value,
          eta: new Date(Number(log.args.eta) * 1000),
          status: 'queued',
          settledBlock: null,
        };
        w.timelock.push(row);
        queuedByParam.set(param, row);
        break;
      }
      case 'ParamCancelled':
      case 'ParamChanged': {
        const param = Number(log.args.param);
        const status = log.eventName === 'ParamCancelled' ? 'cancelled' : 'executed';
        const pending = queuedByParam.get(param);
        if (pending) {
          pending.status = status;
          pending.settledBlock = e.blockNumber;
          queuedByParam.delete(param);
        } else {
          w.timelockSettles.push({ param, status, block: e.blockNumber });
        }
        w.contractEvents.push({ ...place, name: log.eventName, args: plainArgs(log.args) });
        break;
      }
      case 'Paused':
      case 'Unpaused':
        w.stats.paused = log.eventName === 'Paused';
        w.contractEvents.push({ ...place, name: log.eventName, args: plainArgs(log.args) });
        break;
      default:
        // RewardsFunded, UnreservedWithdrawn, ReservationReturned, DividendsDistributed,
        // GrantsBudgetChanged, ownership events: kept as they are, for the record.
        w.contractEvents.push({ ...place, name: log.eventName, args: plainArgs(log.args) });
    }
  }
  return w;
}
