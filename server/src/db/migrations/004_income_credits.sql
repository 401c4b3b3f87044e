-- How many income credits each address has per source, kept by the indexer with the sums, so the
-- income list's total is one row read per source instead of a COUNT over the address's credits
-- (an address that mines for years has thousands; issue 12 §5). Filled from the rows indexed so far.
ALTER TABLE income_totals ADD COLUMN credits integer NOT NULL DEFAULT 0;
UPDATE income_totals t SET credits = c.n
FROM (SELECT chain_id, address, source, count(*)::int AS n FROM income GROUP BY chain_id, address, source) c
WHERE t.chain_id = c.chain_id AND t.address = c.address AND t.source = c.source;
