/**
 * Plans and positions: plans open and close, a stake opens a position (and moves the staker's and
 * its uplines' figures), a release closes it (a paid principal leaves as a withdrawal). The
 * principal staked is summed per UTC day at index time, for the home page.
 */
import type { LedgerPart } from '../ledger/index.ts';
import { add, lower, utcDay, type Reducers } from '../shared/reduce.ts';
import type { ChunkWriter } from '../shared/write.ts';
import type { WithdrawalsPart } from '../withdrawals/index.ts';
import { plans, positions, stakeDaily, type PlanRow, type PositionRow } from './tables.ts';

export interface PositionsWrites {
  plans: PlanRow[];
  /** Plans of earlier chunks closed in this one. */
  planCloses: Pick<PlanRow, 'planId' | 'closesAt'>[];
  positions: PositionRow[];
  /** Positions of earlier chunks released in this one. */
  releases: Pick<
    PositionRow,
    'address' | 'positionId' | 'releasedAt' | 'releasedEarly' | 'releasedPaid'
  >[];
  /** key day */
  stakeDaily: Map<string, bigint>;
}

/** The positions' part of the chunk's state. */
export interface PositionsPart {
  w: PositionsWrites;
  /** Positions opened in this chunk, by `${user}|${positionId}`. */
  newPositions: Map<string, PositionRow>;
}

export const positionReducers: Reducers<PositionsPart & LedgerPart & WithdrawalsPart> = {
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
};

/** Plans, plan closes, positions and their releases. */
export async function writePositions({ insert, update }: ChunkWriter, w: PositionsWrites) {
  await insert(plans, w.plans);
  await update(plans, w.planCloses, ['planId'], ['closesAt']);
  await insert(positions, w.positions);
  await update(
    positions,
    w.releases,
    ['address', 'positionId'],
    ['releasedAt', 'releasedEarly', 'releasedPaid'],
  );
}

/** The principal staked per UTC day. */
export async function writeStakeDaily({ upsert }: ChunkWriter, w: PositionsWrites): Promise<void> {
  const staked = [...w.stakeDaily].map(([day, amount]) => ({ day, amount }));
  await upsert(stakeDaily, staked, { amount: 'add' });
}
