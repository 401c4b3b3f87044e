/** The activity record's list page: every on-chain action of an address, newest first. */
import type { Queryable } from '../../db/db.ts';
import { activity } from '../ledger/index.ts';
import { treasuryPaidDetail } from '../memberships/index.ts';
import { countOf, recordPageRead, type ListPlace, type ListRead } from '../shared/reads.ts';
import { wireColumns } from '../shared/rows.ts';

/** The activity list page: its total from record_totals, the page by the (address, block, log) index. */
export function activityListRead(
  q: Queryable,
  filter: { chainId: number; address: string },
  page: ListPlace,
): Promise<ListRead> {
  return recordPageRead(
    q,
    {
      table: 'activity',
      columns: `${wireColumns(activity, ['type', 'token', 'amount'])}, ${treasuryPaidDetail}`,
      figures: countOf('record_totals', 'activity'),
    },
    filter,
    page,
  );
}
