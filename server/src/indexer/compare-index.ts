/**
 * `npx tsx server/src/indexer/compare-index.ts <other server/src>`: indexes one chain (the test
 * scenario: a three-level team that stakes, mines, exchanges, withdraws, buys a node, and a
 * timelocked change) with this tree's indexer and with another tree's (say, a `git archive` of an
 * earlier commit), each into a fresh PGlite database, and compares every indexed table. Used to
 * show a refactor of the indexer writes exactly the same rows. The other tree, e.g.:
 *   mkdir -p .cmp-old && git archive <rev> server/src | tar -x -C .cmp-old &&
 *   ln -s ../node_modules .cmp-old/node_modules   (inside the repo, so it finds the packages)
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { startTestChain } from '../testing/chain.ts';
import { dumpIndex, rowCount } from '../testing/index-dump.ts';
import { playTeamScenario } from '../testing/scenario.ts';

type Harness = typeof import('../testing/harness.ts');

async function indexWith(harness: Harness, chain: Awaited<ReturnType<typeof startTestChain>>) {
  const server = await harness.startTestServer('pglite', {
    rpcUrls: { [chain.chainId]: chain.rpcUrl },
    indexerPollMs: 100,
  });
  try {
    await server.indexers.byChain.get(chain.chainId)!.waitForBlock(await chain.head());
    return await dumpIndex(server.db, chain.chainId);
  } finally {
    await server.stop();
  }
}

const other = process.argv[2];
if (!other) throw new Error('usage: compare-index.ts <path to another server/src>');
const chain = await startTestChain(1);
try {
  await playTeamScenario(chain);
  const mine = await indexWith(await import('../testing/harness.ts'), chain);
  const theirs = await indexWith(
    (await import(path.resolve(other, 'testing/harness.ts'))) as Harness,
    chain,
  );
  assert.deepEqual(mine, theirs);
  console.log(
    `identical: ${Object.keys(mine).length} tables, ${rowCount(mine)} rows (${Object.entries(mine)
      .map(([t, rows]) => `${t} ${rows.length}`)
      .join(', ')})`,
  );
} finally {
  await chain.stop();
}
