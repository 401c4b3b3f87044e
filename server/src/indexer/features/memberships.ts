/**
 * Memberships: a node or founder purchase (or upgrade) sets the buyer's membership, which the
 * dividends (shareholder and ecological income, credited as income) are paid by.
 */
import { memberships, type MembershipRow } from '../../db/schema/chain-index.ts';
import { lower, type Reducers } from './reduce.ts';
import type { ChunkWriter } from './write.ts';

export const membershipReducers: Reducers = {
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
