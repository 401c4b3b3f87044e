/** Plans, the positions staked in them, and the principal staked per UTC day (migration 003). */
import {
  bigint,
  boolean,
  chainTable,
  date,
  integer,
  numeric,
  text,
  timestamptz,
  type RowOf,
} from '../shared/table.ts';

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

export type PlanRow = RowOf<typeof plans>;
export type PositionRow = RowOf<typeof positions>;
