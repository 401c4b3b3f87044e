/**
 * Plans, positions and income: plans open and close, a stake opens a position (and moves the
 * staker's and its uplines' figures), a release closes it, income is credited per source, and
 * USDC, principal and reward coin leave as withdrawals. Income is summed per address, per day and
 * per pool day at index time, so the pages read sums instead of adding up credits.
 */
import { tokenOfSource } from '@app/contracts/enums';
import { add, lower, utcDay, type Place, type Reducers, type Token } from './reduce.ts';
import { addRecordTotals, place, placeOf, type ChunkWriter, type Column } from './write.ts';
import type { ChunkWrites } from './reduce.ts';

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
export interface IncomeRow extends Place {
  address: string;
  source: number;
  from: string | null;
  token: Token;
  amount: bigint;
}
export interface WithdrawalRow extends Place {
  address: string;
  kind: 'usdc' | 'principal' | 'rewardCoin';
  token: Token;
  amount: bigint;
}

export const positionReducers: Reducers = {
  PlanCreated(s, log, e) {
    const a = log.args;
    s.w.plans.push({
      planId: Number(a.planId),
      termDays: Number(a.termDays),
      dailyRate: a.dailyRate,
      cap: a.cap,
      opensAt: new Date(Number(a.opensAt) * 1000),
      closesAt: new Date(Number(a.closesAt) * 1000),
      createdBlock: e.blockNumber,
    });
  },
  PlanClosed(s, log) {
    const closesAt = new Date(Number(log.args.closesAt) * 1000);
    const planId = Number(log.args.planId);
    const fresh = s.w.plans.find((p) => p.planId === planId);
    if (fresh) fresh.closesAt = closesAt;
    else s.w.planCloses.push({ planId, closesAt });
  },
  Staked(s, log, e, place) {
    const { w, account, addTeamStake, newPositions } = s;
    const a = log.args;
    const user = lower(a.user);
    const positionId = Number(a.positionId);
    const row: PositionRow = {
      address: user,
      positionId,
      planId: Number(a.planId),
      amount: a.amount,
      reserved: a.reserved,
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
  },
  PrincipalReleased(s, log, e, place) {
    const { w, account, addTeamStake, newPositions } = s;
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
  },
  IncomeCredited(s, log, e, place) {
    const { w } = s;
    const a = log.args;
    const user = lower(a.user);
    const source = Number(a.source);
    const from = lower(a.from);
    w.income.push({
      ...place,
      address: user,
      source,
      from: from === '0x0000000000000000000000000000000000000000' ? null : from,
      token: tokenOfSource(source),
      amount: a.amount,
    });
    const day = utcDay(e.time);
    add(w.incomeTotals, `${user}|${source}`, a.amount);
    add(w.incomeDaily, `${user}|${day}|${source}`, a.amount);
    add(w.platformDaily, `${day}|${source}`, a.amount);
  },
  Withdrawn: withdrawal,
  RewardCoinWithdrawn: withdrawal,
};

function withdrawal(
  s: Parameters<NonNullable<Reducers['Withdrawn']>>[0],
  log: Parameters<NonNullable<Reducers['Withdrawn' | 'RewardCoinWithdrawn']>>[1],
  _e: unknown,
  place: Place,
) {
  const { w } = s;
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
}

/** Plans, plan closes, positions and their releases, income credits. */
export async function writePositions(writer: ChunkWriter, w: ChunkWrites): Promise<void> {
  const { q, chain, insert } = writer;
  await insert(
    'plans',
    [
      ['plan_id', 'integer'],
      ['term_days', 'integer'],
      ['daily_rate', 'numeric'],
      ['cap', 'numeric'],
      ['opens_at', 'timestamptz'],
      ['closes_at', 'timestamptz'],
      ['created_block', 'bigint'],
    ],
    w.plans.map((p) => [
      p.planId,
      p.termDays,
      p.dailyRate,
      p.cap,
      p.opensAt,
      p.closesAt,
      p.createdBlock,
    ]),
  );
  for (const c of w.planCloses) {
    await q.query('UPDATE plans SET closes_at = $3 WHERE chain_id = $1 AND plan_id = $2', [
      chain,
      c.planId,
      c.closesAt,
    ]);
  }
  await insert(
    'positions',
    [
      ['address', 'text'],
      ['position_id', 'integer'],
      ['plan_id', 'integer'],
      ['amount', 'numeric'],
      ['reserved', 'numeric'],
      ['start_time', 'timestamptz'],
      ['end_time', 'timestamptz'],
      ['block_number', 'bigint'],
      ['tx_hash', 'text'],
      ['released_at', 'timestamptz'],
      ['released_early', 'boolean'],
      ['released_paid', 'boolean'],
    ],
    w.positions.map((p) => [
      p.address,
      p.positionId,
      p.planId,
      p.amount,
      p.reserved,
      p.startTime,
      p.endTime,
      p.blockNumber,
      p.txHash,
      p.releasedAt,
      p.releasedEarly,
      p.releasedPaid,
    ]),
  );
  await writer.bulkUpdate(
    (select) =>
      `UPDATE positions p SET released_at = t.released_at, released_early = t.early, released_paid = t.paid
       FROM (${select}) t WHERE p.chain_id = ${chain} AND p.address = t.address AND p.position_id = t.position_id`,
    [
      ['address', 'text'],
      ['position_id', 'integer'],
      ['released_at', 'timestamptz'],
      ['early', 'boolean'],
      ['paid', 'boolean'],
    ],
    w.releases.map((r) => [r.address, r.positionId, r.time, r.early, r.paid]),
  );
  await insert(
    'income',
    [
      ['address', 'text'],
      ['source', 'smallint'],
      ['from_address', 'text'],
      ['token', 'text'],
      ['amount', 'numeric'],
      ...place,
    ],
    w.income.map((r) => [r.address, r.source, r.from, r.token, r.amount, ...placeOf(r)]),
  );
}

export async function writeWithdrawals(
  writer: ChunkWriter,
  withdrawals: readonly WithdrawalRow[],
): Promise<void> {
  await writer.insert(
    'withdrawals',
    [['address', 'text'], ['kind', 'text'], ['token', 'text'], ['amount', 'numeric'], ...place],
    withdrawals.map((r) => [r.address, r.kind, r.token, r.amount, ...placeOf(r)]),
  );
  await addRecordTotals(writer, withdrawals, 'withdrawals');
}

/** The running sums: income per address, per address and day, per pool day; stake per day. */
export async function writeSums({ insert, names }: ChunkWriter, w: ChunkWrites): Promise<void> {
  const sumInto = (table: string, keyCols: Column[], map: Map<string, bigint>) =>
    insert(
      table,
      [...keyCols, ['amount', 'numeric']],
      [...map].map(([key, amount]) => [...key.split('|'), amount]),
      `ON CONFLICT (chain_id, ${names(keyCols)}) DO UPDATE SET amount = ${table}.amount + EXCLUDED.amount`,
    );
  // income_totals also counts the credits (the income list's total without a COUNT).
  const credits = new Map<string, number>();
  for (const r of w.income) {
    const key = `${r.address}|${r.source}`;
    credits.set(key, (credits.get(key) ?? 0) + 1);
  }
  await insert(
    'income_totals',
    [
      ['address', 'text'],
      ['source', 'smallint'],
      ['amount', 'numeric'],
      ['credits', 'integer'],
    ],
    [...w.incomeTotals].map(([key, amount]) => [...key.split('|'), amount, credits.get(key) ?? 0]),
    `ON CONFLICT (chain_id, address, source) DO UPDATE SET amount = income_totals.amount + EXCLUDED.amount, credits = income_totals.credits + EXCLUDED.credits`,
  );
  await sumInto(
    'income_daily',
    [
      ['address', 'text'],
      ['day', 'date'],
      ['source', 'smallint'],
    ],
    w.incomeDaily,
  );
  await sumInto(
    'platform_income_daily',
    [
      ['day', 'date'],
      ['source', 'smallint'],
    ],
    w.platformDaily,
  );
  await sumInto('stake_daily', [['day', 'date']], w.stakeDaily);
}
