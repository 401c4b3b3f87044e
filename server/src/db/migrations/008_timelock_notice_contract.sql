-- The Staking contract a timelock notice comes from (lower-case address). A new index (a new
-- deployment, or the same one from a later start block) removes the notices of any other contract
-- and those below its start block: they describe changes of a contract users no longer use
-- (server/src/indexer/features/governance.ts, dropForeignTimelockNotices). Rows from before are
-- given the contract of their chain's current index; without one (an index reset just before this
-- migration) they stay NULL until the re-index finds their event again.
ALTER TABLE notices ADD COLUMN contract text CHECK (contract ~ '^0x[0-9a-f]{40}$');
UPDATE notices n SET contract = c.staking
  FROM chain_cursors c
  WHERE n.kind = 'timelock' AND n.chain_id = c.chain_id AND n.block_number IS NOT NULL;
