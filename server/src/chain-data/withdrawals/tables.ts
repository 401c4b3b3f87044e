/** Withdrawals (migration 003): USDC, principal and reward coin leaving the pool to an address. */
import {
  byAddress,
  chainTable,
  numeric,
  place,
  text,
  type RowOf,
  type Token,
} from '../shared/table.ts';

export const withdrawals = chainTable(
  'withdrawals',
  {
    ...place(),
    address: text('address'),
    kind: text<'usdc' | 'principal' | 'rewardCoin'>('kind'),
    token: text<Token>('token'),
    amount: numeric('amount'),
  },
  { primaryKey: ['blockNumber', 'logIndex'], indexes: [byAddress('withdrawals_by_address')] },
);

export type WithdrawalRow = RowOf<typeof withdrawals>;
