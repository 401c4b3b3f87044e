/**
 * The index can be rebuilt from the chain (docs/OPERATIONS.md, backups): after a live index built up
 * with activity between polls, the operator's re-index — stop, `npm run index:reset`, start — gives
 * back exactly the same rows.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databaseFor, engines } from '../testing/harness.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';
import { dumpIndex, rowCount } from '../testing/index-dump.ts';
import { playTeamScenario, type TeamScenario } from '../testing/scenario.ts';
import { startServer } from '../start.ts';
import { resetIndex } from './store.ts';

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
        try {
          const newcomer = await chain.newAccount();
          await newcomer.bind(team.d.address);
          await newcomer.stake(1, '750');
          await chain.advance(24 * 60 * 60);
          await newcomer.staking('harvest', [newcomer.address, [0n]]);
          await live.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
          liveDump = await dumpIndex(live.db, 1);
          // The operator's re-index: what `npm run index:reset -w server -- 1` runs.
          await resetIndex(live.db, 1);
          assert.equal(rowCount(await dumpIndex(live.db, 1)), 0, 'the index is gone');
        } finally {
          await live.close();
        }
        const rebuilt = await start();
        try {
          await rebuilt.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
          const again = await dumpIndex(rebuilt.db, 1);
          assert.ok(rowCount(again) > 40, `a real index (${rowCount(again)} rows)`);
          assert.deepEqual(again, liveDump);
        } finally {
          await rebuilt.close();
        }
      } finally {
        await cleanup();
      }
    });
  });
}
