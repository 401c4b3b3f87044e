/**
 * A new production deployment: its block is not confirmed yet (12 confirmations on Ethereum), so
 * the index stands just before it, where Staking has no code. The indexer then has no chain facts
 * to read and says nothing about them (it used to warn "chain facts not read: owner returned no
 * data" at every poll); once the block is confirmed the facts are read. Real anvil, real contracts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, it } from 'node:test';
import { RpcProviders } from '../chain/rpc-providers.ts';
import { openPglite, type Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';
import { freshPgliteDir } from '../testing/harness.ts';
import { ChainIndexer } from './indexer.ts';

let chain: TestChain;
let db: Db;
let dir: string;
let indexer: ChainIndexer;
const lines: string[] = [];

before(async () => {
  chain = await startTestChain(1);
  dir = await freshPgliteDir();
  db = await openPglite(dir);
  await migrate(db);
});
after(async () => {
  await indexer?.stop();
  await db?.close();
  await chain?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** Resolves once the indexer has polled the chain at `head` (a full loop, facts included). */
async function polledAt(head: bigint) {
  while (indexer.status.headBlock !== head.toString()) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('no chain-facts warning while the deployment block is unconfirmed; the facts once it is', async () => {
  const start = BigInt(chain.deployment.startBlock);
  assert.ok(start > 0n, 'the deployment is not at genesis');
  // Confirmations that leave the deployment block unconfirmed at the chain's head now (the test
  // chain's setup mined a few blocks after it).
  const CONFIRMATIONS = Number((await chain.head()) - start) + 5;
  indexer = new ChainIndexer({
    db,
    chainId: 1,
    network: 'ETH',
    rpc: new RpcProviders({ 1: chain.rpcUrl }),
    deployment: chain.deployment,
    confirmations: CONFIRMATIONS,
    pollMs: 20,
    log: (level, message) => lines.push(`${level} ${message}`),
  });
  indexer.start();
  // Several polls, each seen at a new head, all before the deployment block is confirmed.
  for (let i = 0; i < 3; i++) {
    await chain.mine(1);
    await polledAt(await chain.head());
    assert.equal(indexer.status.indexedBlock, (start - 1n).toString());
  }
  assert.deepEqual(
    lines.filter((l) => l.includes('chain facts')),
    [],
    'nothing to read before the deployment block, so nothing to warn about',
  );
  assert.equal(indexer.metrics().facts, null);

  await chain.mine(CONFIRMATIONS);
  await indexer.waitForBlock((await chain.head()) - BigInt(CONFIRMATIONS));
  while (indexer.metrics().facts === null) await new Promise((r) => setTimeout(r, 20));
  assert.equal(indexer.metrics().facts!.owner.toLowerCase(), chain.operator.address.toLowerCase());
  assert.deepEqual(
    lines.filter((l) => l.includes('chain facts')),
    [],
  );
});
