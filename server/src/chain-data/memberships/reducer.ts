/**
 * Memberships: a node or founder purchase (or upgrade) sets the buyer's membership, which the
 * dividends (shareholder and ecological income, credited as income) are paid by. The price is owed
 * to the treasury until `payTreasury` sends the proceeds to the treasury of that day (TreasuryPaid):
 * the activity list shows each purchase with the first payment after it.
 */
import type { Queryable } from '../../db/db.ts';
import { recordEvent, type LedgerPart } from '../ledger/index.ts';
import { lower, type Reducers } from '../shared/reduce.ts';
import type { ChunkWriter } from '../shared/write.ts';
import {
  memberships,
  treasuryPayments,
  type MembershipRow,
  type TreasuryPaymentRow,
} from './tables.ts';

/** The memberships' part of the chunk's state. */
export interface MembershipsPart {
  w: { memberships: MembershipRow[]; treasuryPayments: TreasuryPaymentRow[] };
}

export const membershipReducers: Reducers<MembershipsPart & LedgerPart> = {
  TreasuryPaid(s, log, _e, place) {
    s.w.treasuryPayments.push({
      ...place,
      treasury: lower(log.args.treasury),
      amount: log.args.amount,
    });
    // Also kept as it always was, for the record (older releases read it there).
    recordEvent(s, log, place);
  },
  MembershipPurchased(s, log, _e, place) {
    const { w, account } = s;
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
  },
};

export async function writeMemberships({ insert }: ChunkWriter, rows: readonly MembershipRow[]) {
  await insert(memberships, rows);
}

export async function writeTreasuryPayments(
  { insert }: ChunkWriter,
  rows: readonly TreasuryPaymentRow[],
): Promise<void> {
  await insert(treasuryPayments, rows);
}

/**
 * The buyers whose purchases this chunk's treasury payments pay: purchases before its last payment
 * that no earlier payment paid (none between them and the chunk's first one). Its payments are
 * already written; the purchases of the chain are few (nodes and founder seats are limited).
 */
export async function buyersPaidBy(
  q: Queryable,
  chain: number,
  payments: readonly TreasuryPaymentRow[],
): Promise<string[]> {
  const first = payments[0];
  const last = payments[payments.length - 1];
  if (!first || !last) return [];
  const r = await q.query<{ address: string }>(
    `SELECT DISTINCT m.address FROM memberships m
     WHERE m.chain_id = $1 AND (m.block_number, m.log_index) < ($4::bigint, $5::integer)
       AND NOT EXISTS (SELECT 1 FROM treasury_payments p WHERE p.chain_id = $1
         AND (p.block_number, p.log_index) > (m.block_number, m.log_index)
         AND (p.block_number, p.log_index) < ($2::bigint, $3::integer))`,
    [
      chain,
      first.blockNumber.toString(),
      first.logIndex,
      last.blockNumber.toString(),
      last.logIndex,
    ],
  );
  return r.rows.map((row) => row.address);
}
