/** Timelocked parameter changes: queued, then executed, cancelled or replaced (migration 003). */
import {
  bigint,
  chainTable,
  integer,
  numeric,
  place,
  smallint,
  text,
  timestamptz,
  type RowOf,
} from '../shared/table.ts';

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

export type TimelockRow = RowOf<typeof timelockChanges>;
