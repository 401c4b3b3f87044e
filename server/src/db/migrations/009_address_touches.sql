-- The last block that changed what an address's pages show, per chain (issue 26 §2): the indexer
-- writes it in the chunk's transaction for every address whose rows the chunk wrote and for their
-- three uplines (whose team figures and member lists show them), and for '*' when chain-wide figures
-- changed (pool, market, thresholds). The page cache keeps a user's page across blocks that did not
-- touch that user: a new block every 0.45 s on BSC no longer empties it. It reads the rows touched
-- since its last look, hence the index by block.
-- compatible: a new table only the new indexer writes and the new page cache reads; older code never
-- looks at it.
CREATE TABLE address_touches (
  chain_id integer NOT NULL,
  address text NOT NULL,
  block_number bigint NOT NULL,
  PRIMARY KEY (chain_id, address)
);
CREATE INDEX address_touches_by_block ON address_touches (chain_id, block_number);
