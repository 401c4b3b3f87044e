/**
 * The index can be rebuilt from the chain (docs/OPERATIONS.md, backups): after a live index built up
 * with activity between polls, the operator's re-index — stop, `npm run index:reset`, start — gives
 * back exactly the same rows.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { databaseFor, engines, postForm, signIn } from '../testing/harness.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';
import { dumpIndex, rowCount } from '../testing/index-dump.ts';
import { playTeamScenario, type TeamScenario } from '../testing/scenario.ts';
import { startServer } from '../start.ts';
import type { Queryable } from '../db/db.ts';
import { resetIndex } from './store.ts';

/** The ids of the chain's timelock notices, in chain order. */
async function timelockNoticeIds(q: Queryable): Promise<number[]> {
  const r = await q.query<{ id: number }>(
    `SELECT id FROM notices WHERE kind = 'timelock' AND chain_id = 1 ORDER BY block_number, log_index`,
  );
  return r.rows.map((row) => Number(row.id));
}

for (const engine of engines()) {
  describe(`re-index from scratch (${engine})`, () => {
    let chain: TestChain;
    let team: TeamScenario;
    before(async () => {
      chain = await startTestChain(1);
      team = await playTeamScenario(chain);
    });
    after(async () => {
      await chain?.stop();
    });

    it('a from-scratch re-index of the live database equals the live index', async () => {
      const { db, cleanup } = await databaseFor(engine);
      const start = () =>
        startServer({
          port: 0,
          rpcUrls: { 1: chain.rpcUrl },
          deployment: 'local',
          indexerPollMs: 50,
          indexerChunkBlocks: 3,
          ...db,
        });
      try {
        // Live: indexed while more happens on the chain, in small chunks.
        const live = await start();
        let liveDump;
        let liveNoticeIds: number[] = [];
        try {
          const newcomer = await chain.newAccount();
          await newcomer.bind(team.d.address);
          await newcomer.stake(1, '750');
          await chain.advance(24 * 60 * 60);
          await newcomer.staking('harvest', [newcomer.address, [0n]]);
          await live.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
          liveDump = await dumpIndex(live.db, 1);
          liveNoticeIds = await timelockNoticeIds(live.db);
          // A user reads the timelock notice (the scenario queued a fee change).
          assert.equal(liveNoticeIds.length, 1);
          const reader = await signIn(live.url, privateKeyToAccount(generatePrivateKey()));
          const read = await postForm(
            live.url,
            '/v1/notice/read',
            { id: String(liveNoticeIds[0]) },
            { Token: reader.Token },
          );
          assert.equal(read.body.code, 0, JSON.stringify(read.body));
          // The operator's re-index: what `npm run index:reset -w server -- 1` runs.
          await resetIndex(live.db, 1);
          const { timelock_notices: kept, ...index } = await dumpIndex(live.db, 1);
          assert.equal(rowCount(index), 0, 'the index is gone');
          // Notices derived from the chain are kept, with their read marks, to be re-derived.
          assert.deepEqual(kept, liveDump.timelock_notices);
          assert.deepEqual(await timelockNoticeIds(live.db), liveNoticeIds);
        } finally {
          await live.close();
        }
        const rebuilt = await start();
        try {
          await rebuilt.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
          const again = await dumpIndex(rebuilt.db, 1);
          assert.ok(rowCount(again) > 40, `a real index (${rowCount(again)} rows)`);
          assert.deepEqual(again, liveDump);
          assert.deepEqual(await timelockNoticeIds(rebuilt.db), liveNoticeIds, 'same notice ids');
          const reads = await rebuilt.db.query('SELECT notice_id FROM notice_reads');
          assert.deepEqual(
            reads.rows.map((r) => Number((r as { notice_id: number }).notice_id)),
            liveNoticeIds,
            'the read mark survives the re-index',
          );
        } finally {
          await rebuilt.close();
        }
      } finally {
        await cleanup();
      }
    });
  });
}
