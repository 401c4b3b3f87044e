/** The withdrawal history's list page. */
import type { Queryable } from '../../db/db.ts';
import { countOf, recordPageRead, type ListPlace, type ListRead } from '../shared/reads.ts';
import { wireColumns } from '../shared/rows.ts';
import { withdrawals } from './tables.ts';

/** The withdrawal list page: its total from record_totals, the page by the (address, block, log) index. */
export function withdrawalListRead(
  q: Queryable,
  filter: { chainId: number; address: string },
  page: ListPlace,
): Promise<ListRead> {
  return recordPageRead(
    q,
    {
      table: 'withdrawals',
      columns: wireColumns(withdrawals, ['kind', 'token', 'amount']),
      figures: countOf('record_totals', 'withdrawals'),
    },
    filter,
    page,
  );
}
