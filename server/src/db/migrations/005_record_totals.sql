-- How many rows each address has in its activity, withdrawal and exchange lists, and its exchange
-- sums, kept by the indexer feature that writes those rows (activity: ledger; withdrawals:
-- positions; exchanges: exchange), so a list's total is one row read instead of a COUNT over the
-- address's rows per request (issue 12 §5). Filled from the rows indexed so far.
CREATE TABLE record_totals (
  chain_id integer NOT NULL,
  address text NOT NULL,
  activity integer NOT NULL DEFAULT 0,
  withdrawals integer NOT NULL DEFAULT 0,
  exchanges integer NOT NULL DEFAULT 0,
  exchanged_in numeric NOT NULL DEFAULT 0,
  exchanged_net numeric NOT NULL DEFAULT 0,
  exchange_fees numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (chain_id, address)
);
INSERT INTO record_totals (chain_id, address, activity)
SELECT chain_id, address, count(*) FROM activity GROUP BY chain_id, address;
INSERT INTO record_totals (chain_id, address, withdrawals)
SELECT chain_id, address, count(*) FROM withdrawals GROUP BY chain_id, address
ON CONFLICT (chain_id, address) DO UPDATE SET withdrawals = EXCLUDED.withdrawals;
INSERT INTO record_totals (chain_id, address, exchanges, exchanged_in, exchanged_net, exchange_fees)
SELECT chain_id, address, count(*), sum(amount_in), sum(net_usdc), sum(fee)
FROM exchanges GROUP BY chain_id, address
ON CONFLICT (chain_id, address) DO UPDATE SET exchanges = EXCLUDED.exchanges,
  exchanged_in = EXCLUDED.exchanged_in, exchanged_net = EXCLUDED.exchanged_net,
  exchange_fees = EXCLUDED.exchange_fees;
