/** How the pages show a purchase's payment to the treasury. */
import { isoSql } from '../shared/rows.ts';

/**
 * The activity record's `detail` column (`activity` the row), a purchase's detail with the payment
 * that sent its price on to the treasury: the first `TreasuryPaid` after it (`payTreasury` sends
 * all the proceeds accrued so far, to the treasury of that block), as `treasuryPaidAt` and
 * `treasuryPaidTo`; without them the price is still owed.
 */
export const treasuryPaidDetail = `CASE WHEN activity.type = 'membership' AND activity.amount > 0
  THEN activity.detail || COALESCE((
    SELECT jsonb_build_object('treasuryPaidAt', ${isoSql('p.block_time')}, 'treasuryPaidTo', p.treasury)
    FROM treasury_payments p WHERE p.chain_id = activity.chain_id
      AND (p.block_number, p.log_index) > (activity.block_number, activity.log_index)
    ORDER BY p.block_number, p.log_index LIMIT 1), '{}'::jsonb)
  ELSE activity.detail END AS detail`;
