/** The referral tree (migration 003): each bound address with its superior and two uplines above. */
import { bigint, chainTable, integer, text, timestamptz, type RowOf } from '../shared/table.ts';

export const referrals = chainTable(
  'referrals',
  {
    address: text('address'),
    superior: text('superior'),
    upline2: text('upline2').orNull(),
    upline3: text('upline3').orNull(),
    blockNumber: bigint('block_number'),
    logIndex: integer('log_index'),
    txHash: text('tx_hash'),
    time: timestamptz('bound_at'),
  },
  {
    primaryKey: ['address'],
    indexes: [
      { name: 'referrals_d1', keys: ['superior', 'blockNumber desc', 'logIndex desc'] },
      { name: 'referrals_d2', keys: ['upline2', 'blockNumber desc', 'logIndex desc'] },
      { name: 'referrals_d3', keys: ['upline3', 'blockNumber desc', 'logIndex desc'] },
    ],
  },
);

export type ReferralRow = RowOf<typeof referrals>;

/** An address's three uplines as the referral tree has them. */
export type Uplines = Pick<ReferralRow, 'superior' | 'upline2' | 'upline3'>;
