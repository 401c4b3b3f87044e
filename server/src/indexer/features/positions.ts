/**
 * Plans, positions and income: plans open and close, a stake opens a position (and moves the
 * staker's and its uplines' figures), a release closes it, income is credited per source, and
 * USDC, principal and reward coin leave as withdrawals. Income is summed per address, per day and
 * per pool day at index time, so the pages read sums instead of adding up credits.
 */
import { tokenOfSource } from '@app/contracts/enums';
import {
  income,
  incomeDaily,
  incomeTotals,
  plans,
  platformIncomeDaily,
  positions,
  stakeDaily,
  type PositionRow,
  withdrawals,
  type WithdrawalRow,
} from '../../db/schema/chain-index.ts';
import { add, lower, utcDay, type Place, type Reducers, type Token } from './reduce.ts';
import { addRecordTotals, type ChunkWriter } from './write.ts';
import type { ChunkWrites } from './reduce.ts';

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
        releasedAt: e.time,
        releasedEarly: a.early,
        releasedPaid: a.paid,
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
export async function writePositions({ insert, update }: ChunkWriter, w: ChunkWrites) {
  await insert(plans, w.plans);
  await update(plans, w.planCloses, ['planId'], ['closesAt']);
  await insert(positions, w.positions);
  await update(
    positions,
    w.releases,
    ['address', 'positionId'],
    ['releasedAt', 'releasedEarly', 'releasedPaid'],
  );
  await insert(income, w.income);
}

export async function writeWithdrawals(writer: ChunkWriter, rows: readonly WithdrawalRow[]) {
  await writer.insert(withdrawals, rows);
  await addRecordTotals(writer, rows, 'withdrawals');
}

/** The running sums: income per address, per address and day, per pool day; stake per day. */
export async function writeSums({ upsert }: ChunkWriter, w: ChunkWrites): Promise<void> {
  // income_totals also counts the credits (the income list's total without a COUNT).
  const credits = new Map<string, number>();
  for (const r of w.income) {
    const key = `${r.address}|${r.source}`;
    credits.set(key, (credits.get(key) ?? 0) + 1);
  }
  const parts = (key: string) => key.split('|') as [string, string, string];
  const totals = [...w.incomeTotals].map(([key, amount]) => {
    const [address, source] = parts(key);
    return { address, source: Number(source), amount, credits: credits.get(key) ?? 0 };
  });
  await upsert(incomeTotals, totals, { amount: 'add', credits: 'add' });
  const daily = [...w.incomeDaily].map(([key, amount]) => {
    const [address, day, source] = parts(key);
    return { address, day, source: Number(source), amount };
  });
  await upsert(incomeDaily, daily, { amount: 'add' });
  const pool = [...w.platformDaily].map(([key, amount]) => {
    const [day, source] = parts(key);
    return { day, source: Number(source), amount };
  });
  await upsert(platformIncomeDaily, pool, { amount: 'add' });
  const staked = [...w.stakeDaily].map(([day, amount]) => ({ day, amount }));
  await upsert(stakeDaily, staked, { amount: 'add' });
}
