-- Every payment of the membership proceeds to the treasury (`TreasuryPaid`, issue 28 §2): a purchase
-- pays into Staking, and the proceeds are owed to the treasury until someone calls `payTreasury`,
-- which sends all of them to the treasury of that day (not necessarily the one named at purchase).
-- The activity record shows each purchase as owed, and once paid, when and to whom (the first
-- payment after it). Filled from the `TreasuryPaid` events the indexer kept in contract_events so far.
-- compatible: a new table only the new indexer writes and the new activity list reads; older code
-- never looks at it (it keeps recording TreasuryPaid in contract_events, as the new indexer does too).
CREATE TABLE treasury_payments (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer NOT NULL,
  treasury text NOT NULL,
  amount numeric NOT NULL,
  tx_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  PRIMARY KEY (chain_id, block_number, log_index)
);
INSERT INTO treasury_payments (chain_id, block_number, log_index, treasury, amount, tx_hash, block_time)
SELECT chain_id, block_number, log_index, lower(args ->> 'treasury'), (args ->> 'amount')::numeric, tx_hash, block_time
FROM contract_events WHERE name = 'TreasuryPaid';
