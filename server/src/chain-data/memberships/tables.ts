/**
 * Node and founder purchases (migration 003) and the payments of their proceeds to the treasury
 * (migration 010).
 */
import {
  boolean,
  chainTable,
  numeric,
  place,
  smallint,
  text,
  type RowOf,
} from '../shared/table.ts';

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

export type MembershipRow = RowOf<typeof memberships>;
export type TreasuryPaymentRow = RowOf<typeof treasuryPayments>;
