/** The account page's indexed figures. */
import type { Queryable } from '../../db/db.ts';
import { accountColumn, accountOf } from '../ledger/index.ts';
import type { R } from '../shared/reads.ts';
import { superiorColumn, type AccountFigures } from '../team/index.ts';

/** One address's indexed figures (all zero for an address the chain never saw). */
export async function accountFigures(
  q: Queryable,
  chainId: number,
  address: string,
): Promise<AccountFigures> {
  const r = await q.query<R>(
    `SELECT ${accountColumn},
            ${superiorColumn}`,
    [chainId, address],
  );
  const row = r.rows[0]!;
  return { ...accountOf(row.account, address), superior: (row.superior as string | null) ?? null };
}
