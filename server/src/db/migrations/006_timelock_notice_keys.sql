-- A notice derived from the chain (a queued or cancelled timelock change) is keyed by the event it
-- comes from: chain, block, log index. Re-indexing finds the same row again instead of creating a
-- new one, so the notice keeps its id, its links and users' read marks (docs/OPERATIONS.md §6).
ALTER TABLE notices ADD COLUMN block_number bigint;
ALTER TABLE notices ADD COLUMN log_index integer;
UPDATE notices n SET block_number = t.block_number, log_index = t.log_index
  FROM timelock_changes t WHERE t.notice_id = n.id;
-- Operator notices have no coordinates (NULLs never conflict).
CREATE UNIQUE INDEX notices_chain_event ON notices (chain_id, block_number, log_index);
