/**
 * Income credits and their running sums: per address and source, per address, UTC day and source,
 * and per pool day and source (migrations 003 and 004).
 */
import {
  byAddress,
  chainTable,
  date,
  integer,
  none,
  numeric,
  place,
  smallint,
  text,
  type RowOf,
  type Token,
} from '../shared/table.ts';

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

export type IncomeRow = RowOf<typeof income>;
