/** Reads of the positions' sums as parts of a page's one statement. */

/** The principal staked on `day` (SQL, a UTC day), as a decimal string; `$1` the chain id. */
export const todayStakedColumn = (day: string) =>
  `COALESCE((SELECT amount FROM stake_daily WHERE chain_id = $1 AND day = ${day}::date), 0)::text
         AS today_staked`;
