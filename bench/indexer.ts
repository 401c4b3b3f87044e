/**
 * bench/indexer: events per second the chain indexer writes, indexing ~20,000 real events from a
 * local anvil into a fresh database (PGlite, and PostgreSQL too when DATABASE_URL is set).
 *
 * The history: a three-level team (a ← b ← c ← d) under the root; d opens `--positions` positions
 * (default 250) and harvests each of them in its own transaction every round, after an hour each round:
 * a harvest credits the user's mining and its three uplines' commissions once per call (one
 * IncomeCredited per recipient, however many positions it settles), so each round emits
 * 4 × positions IncomeCredited events. Target: ≥ 10,000 events/s.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { stakingAbi } from '@app/contracts/generated';
import { createWalletClient, http, parseUnits, type Hash } from 'viem';
import { RpcProviders } from '../server/src/chain/rpc-providers.ts';
import { openDb } from '../server/src/db/db.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { ChainIndexer } from '../server/src/indexer/indexer.ts';
import { startTestChain } from '../server/src/testing/chain.ts';
import { databaseFor, type Engine } from '../server/src/testing/harness.ts';

const TARGET = 10_000;
const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '250' },
    events: { type: 'string', default: '20000' },
    // The live row: blocks mined every `block-ms` (BSC: 0.45 s), each with `harvests-per-block`
    // harvests (4 events each): 10 = 40 events a block, 10× the history's 4 (one harvest a block).
    'live-blocks': { type: 'string', default: '40' },
    'block-ms': { type: 'string', default: '450' },
    'harvests-per-block': { type: 'string', default: '10' },
  },
});
const positions = Number(values.positions);
const wanted = Number(values.events);

console.log('bench/indexer: building the chain history…');
const chain = await startTestChain(1);
try {
  const [a, b, c, d] = [chain.account(1), chain.account(2), chain.account(3), chain.account(4)];
  await a.bind(chain.operator.address);
  await b.bind(a.address);
  await c.bind(b.address);
  await d.bind(c.address);
  const each = parseUnits('101', chain.deployment.usdcDecimals);
  await d.approveUsdc(each * BigInt(positions));
  // Sent back to back without waiting (anvil mines each at once), then all receipts awaited.
  const wallet = createWalletClient({
    account: d.account,
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });
  let nonce = await chain.client.getTransactionCount({ address: d.address });
  const sent: Hash[] = [];
  for (let i = 0; i < positions; i++) {
    sent.push(
      await wallet.writeContract({
        address: chain.deployment.staking,
        abi: stakingAbi,
        functionName: 'stake',
        args: [0n, each],
        nonce: nonce++,
        gas: 400_000n,
      }),
    );
  }
  for (const hash of sent) {
    const r = await chain.client.waitForTransactionReceipt({ hash });
    if (r.status !== 'success') throw new Error(`stake ${hash} reverted`);
  }
  const rounds = Math.ceil(wanted / (positions * 4));
  for (let round = 0; round < rounds; round++) {
    await chain.advance(3600);
    const harvests: Hash[] = [];
    for (let id = 0n; id < BigInt(positions); id++) {
      harvests.push(
        await wallet.writeContract({
          address: chain.deployment.staking,
          abi: stakingAbi,
          functionName: 'harvest',
          args: [d.address, [id]],
          nonce: nonce++,
          gas: 400_000n,
        }),
      );
    }
    for (const hash of harvests) {
      const r = await chain.client.waitForTransactionReceipt({ hash });
      if (r.status !== 'success') throw new Error(`harvest ${hash} reverted`);
    }
  }
  const head = await chain.head();
  // Counted in small ranges (a node's answer for all of them at once can exceed 10 MB).
  let eventCount = 0;
  for (let from = BigInt(chain.deployment.startBlock); from <= head; from += 20n) {
    const to = from + 19n < head ? from + 19n : head;
    eventCount += (
      await chain.client.getLogs({
        address: [chain.deployment.staking, chain.deployment.pair],
        fromBlock: from,
        toBlock: to,
      })
    ).length;
  }
  console.log(
    `history: ${eventCount} events of Staking and the pair in ${head - BigInt(chain.deployment.startBlock) + 1n} blocks`,
  );

  const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const results: string[] = [];
  const liveResults: string[] = [];
  let pass = true;
  const indexerOn = (db: Awaited<ReturnType<typeof openDb>>) =>
    new ChainIndexer({
      db,
      chainId: 1,
      network: 'ETH',
      rpc: new RpcProviders({ 1: chain.rpcUrl }),
      deployment: chain.deployment,
      confirmations: 0,
      pollMs: 20,
      log: (level, message) => {
        if (level !== 'info' || process.env.BENCH_VERBOSE) console.error(message);
      },
    });
  const opened: {
    engine: Engine;
    db: Awaited<ReturnType<typeof openDb>>;
    cleanup: () => Promise<void>;
  }[] = [];
  try {
    for (const engine of engines) {
      const { db: where, cleanup } = await databaseFor(engine);
      const db = await openDb({ pgliteDir: '', ...where });
      opened.push({ engine, db, cleanup });
      await migrate(db);
      const indexer = indexerOn(db);
      const t0 = performance.now();
      indexer.start();
      await indexer.waitForBlock(head, 300_000);
      const seconds = (performance.now() - t0) / 1000;
      await indexer.stop();
      const incomeRows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM income');
      const rate = eventCount / seconds;
      pass &&= rate >= TARGET;
      results.push(
        `${engine.padEnd(9)} ${String(eventCount).padStart(7)} events  ${seconds.toFixed(2).padStart(7)} s  ${Math.round(rate).toLocaleString('en').padStart(8)} events/s  (${incomeRows.rows[0]!.n} income rows)  ${rate >= TARGET ? 'PASS' : 'UNDER'} target ${TARGET.toLocaleString('en')}/s`,
      );
    }
    // Live: the indexer follows a chain that makes a block every `block-ms`, each carrying
    // `harvests-per-block` harvests. Per block: the time from its mining to the indexer's commit
    // of it (the indexer polls every 20 ms). It keeps up when every block is in before the next.
    const blockMs = Number(values['block-ms']);
    const perBlock = Number(values['harvests-per-block']);
    const liveBlocks = Number(values['live-blocks']);
    let nextPosition = 0n;
    for (const { engine, db } of opened) {
      const indexer = indexerOn(db);
      indexer.start();
      await indexer.waitForBlock(await chain.head(), 300_000); // the previous engine's live blocks
      await chain.client.request({ method: 'evm_setAutomine' as never, params: [false] as never });
      const lags: number[] = [];
      let events = 0;
      try {
        for (let i = 0; i < liveBlocks; i++) {
          const started = performance.now();
          await chain.client.request({
            method: 'evm_increaseTime' as never,
            params: [3600] as never,
          });
          for (let h = 0; h < perBlock; h++) {
            await wallet.writeContract({
              address: chain.deployment.staking,
              abi: stakingAbi,
              functionName: 'harvest',
              args: [d.address, [nextPosition++ % BigInt(positions)]],
              nonce: nonce++,
              gas: 400_000n,
            });
          }
          await chain.client.request({ method: 'evm_mine' as never, params: [] as never });
          const mined = performance.now();
          const block = await chain.head();
          await indexer.waitForBlock(block, 60_000);
          lags.push(performance.now() - mined);
          events += (
            await chain.client.getLogs({
              address: [chain.deployment.staking, chain.deployment.pair],
              fromBlock: block,
              toBlock: block,
            })
          ).length;
          // The chain's cadence: the next block `block-ms` after this one started.
          const wait = blockMs - (performance.now() - started);
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      } finally {
        await chain.client.request({ method: 'evm_setAutomine' as never, params: [true] as never });
        await indexer.stop();
      }
      lags.sort((x, y) => x - y);
      const p50 = lags[Math.floor(lags.length / 2)]!;
      const max = lags.at(-1)!;
      const keepsUp = max < blockMs;
      pass &&= keepsUp;
      liveResults.push(
        `${engine.padEnd(9)} ${liveBlocks} blocks every ${blockMs} ms, ${(events / liveBlocks).toFixed(0)} events a block: mined → indexed p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms  ${keepsUp ? 'KEEPS UP' : 'FALLS BEHIND'}`,
      );
    }
  } finally {
    for (const { db, cleanup } of opened) {
      await db.close();
      await cleanup();
    }
  }
  console.log('\nengine      events     time      rate');
  for (const line of results) console.log(line);
  console.log(`\nlive (history: 4 events a block; BSC makes a block every 0.45 s)`);
  for (const line of liveResults) console.log(line);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  await chain.stop();
}
