/**
 * The referral tree: SuperiorBound binds an address under its superior, with the two uplines above
 * that; each upline gains a member at its depth. A chunk needs the uplines of the addresses it
 * touches from earlier chunks (loadUplines) before it is reduced.
 */
import type { Queryable } from '../../db/db.ts';
import type { ChainEvent } from '../../indexer/events.ts';
import { memberKeys, type LedgerPart } from '../ledger/index.ts';
import { lower, type Reducers } from '../shared/reduce.ts';
import type { ChunkWriter } from '../shared/write.ts';
import { referrals, type ReferralRow, type Uplines } from './tables.ts';

/** The referral tree's part of the chunk's state. */
export interface TeamPart {
  w: { referrals: ReferralRow[] };
  /** Tree rows of the addresses involved (absent = not bound); binds of this chunk are added. */
  uplines: Map<string, Uplines>;
}

/** Addresses whose uplines the chunk needs from earlier chunks: stakers, releasers, new superiors. */
export function addressesNeedingUplines(events: readonly ChainEvent[]): string[] {
  const set = new Set<string>();
  for (const e of events) {
    if (e.contract !== 'staking') continue;
    const l = e.log;
    if (l.eventName === 'Staked' || l.eventName === 'PrincipalReleased')
      set.add(lower(l.args.user));
    else if (l.eventName === 'SuperiorBound') set.add(lower(l.args.superior));
  }
  return [...set];
}

export async function loadUplines(
  q: Queryable,
  chainId: number,
  addresses: string[],
): Promise<Map<string, Uplines>> {
  const map = new Map<string, Uplines>();
  if (addresses.length === 0) return map;
  const r = await q.query<Record<string, unknown>>(
    `SELECT address, superior, upline2, upline3 FROM referrals
     WHERE chain_id = $1 AND address = ANY($2::text[])`,
    [chainId, addresses],
  );
  for (const row of r.rows) {
    map.set(row.address as string, {
      superior: row.superior as string,
      upline2: (row.upline2 as string | null) ?? null,
      upline3: (row.upline3 as string | null) ?? null,
    });
  }
  return map;
}

export const referralReducers: Reducers<TeamPart & LedgerPart> = {
  SuperiorBound(s, log, _e, place) {
    const { w, uplines, account } = s;
    const user = lower(log.args.user);
    const superior = lower(log.args.superior);
    const above = uplines.get(superior);
    const row: Uplines = {
      superior,
      upline2: above?.superior ?? null,
      upline3: above?.upline2 ?? null,
    };
    uplines.set(user, row);
    w.referrals.push({ ...place, address: user, ...row });
    [row.superior, row.upline2, row.upline3].forEach((up, depth) => {
      if (up) account(up)[memberKeys[depth]!] += 1;
    });
    account(user);
    w.stats.bound += 1;
    w.activity.push({
      ...place,
      address: user,
      type: 'bind',
      token: null,
      amount: null,
      detail: { superior },
    });
  },
};

export async function writeReferrals({ insert }: ChunkWriter, rows: readonly ReferralRow[]) {
  await insert(referrals, rows);
}
