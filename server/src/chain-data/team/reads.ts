/**
 * Reads of the referral tree for the pages: the members at one depth below an address, and the
 * figures of the team and invitation pages (an address's account row with its superior, the level
 * thresholds and its income sums) in one statement.
 */
import type { Queryable } from '../../db/db.ts';
import { parseSums, sumsColumn, type SumRow } from '../income/index.ts';
import { accountColumn, accountOf, type Account } from '../ledger/index.ts';
import {
  countOf,
  indexedColumn,
  listRead,
  type Indexed,
  type ListPlace,
  type ListRead,
  type R,
} from '../shared/reads.ts';
import { isoSql } from '../shared/rows.ts';

/** An address's accounts row and its superior (null outside the tree). */
export type AccountFigures = Account & { superior: string | null };

/** The superior of the address `$2` (null outside the tree); `$1` the chain id. */
export const superiorColumn =
  '(SELECT superior FROM referrals WHERE chain_id = $1 AND address = $2) AS superior';

const depthColumn = { 1: 'superior', 2: 'upline2', 3: 'upline3' } as const;

/**
 * One page of the members at `depth` below `address`, newest binding first, by the referrals
 * (upline, block, log) index; the total is the account's member count at that depth.
 */
export async function teamMembersRead(
  q: Queryable,
  filter: { chainId: number; address: string; depth: 1 | 2 | 3 },
  page: ListPlace,
): Promise<ListRead> {
  return listRead(
    q,
    {
      params: [filter.chainId, filter.address],
      figures: countOf('accounts', `members_d${filter.depth}`),
      columns: `r.address, ${isoSql('r.bound_at')} AS "boundAt",
        COALESCE(a.active_stake, 0)::text AS "activeStake",
        COALESCE(a.total_staked, 0)::text AS "totalStaked"`,
      from: 'referrals r LEFT JOIN accounts a ON a.chain_id = r.chain_id AND a.address = r.address',
      where: `r.chain_id = $1 AND r.${depthColumn[filter.depth]} = $2`,
      block: 'r.block_number',
      log: 'r.log_index',
    },
    page,
  );
}

export interface AccountRead {
  indexed: Indexed | null;
  thresholds: bigint[];
  account: AccountFigures;
  sums: SumRow[];
}

/** The cursor, level thresholds, an address's account row, superior and income sums: one statement. */
export async function accountRead(
  q: Queryable,
  chainId: number,
  address: string,
  today: string,
): Promise<AccountRead> {
  const r = await q.query<R>(
    `SELECT ${indexedColumn},
       (SELECT level_thresholds::text[] FROM chain_cursors WHERE chain_id = $1) AS thresholds,
       ${superiorColumn},
       ${sumsColumn('$2', '$3', 'sums')},
       ${accountColumn}`,
    [chainId, address, today],
  );
  const row = r.rows[0]!;
  return {
    indexed: (row.indexed as Indexed | null) ?? null,
    thresholds: ((row.thresholds as string[] | null) ?? []).map((v) => BigInt(v)),
    account: {
      ...accountOf(row.account, address),
      superior: (row.superior as string | null) ?? null,
    },
    sums: parseSums(row.sums),
  };
}
