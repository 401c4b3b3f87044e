/**
 * The chain indexer of one chain: confirmed blocks only (head minus the network's confirmations),
 * a cursor with the block hash (it stops, loudly, when the chain under it changed), logs fetched in
 * bounded chunks, each chunk written in one transaction together with the cursor. One indexer per
 * chain runs at a time (advisory lock); another one waits in standby and takes over when the lock
 * is free.
 */
import type { ChainDeployment } from '@app/contracts/generated';
import { pairAbi, stakingAbi } from '@app/contracts/generated';
import { BaseError, type Log, type PublicClient } from 'viem';
import type { RpcProviders } from '../chain/rpc-providers.ts';
import type { AdvisoryLock, Db } from '../db/db.ts';
import { addressesNeedingUplines, buildChunk, type ChunkContext } from './chunk.ts';
import { blocksWithoutTime, decodeLogs } from './events.ts';
import { createCursor, loadUplines, readCursor, writeChunk, type Cursor } from './store.ts';
import { readChainFacts, type ChainFacts } from './chain-facts.ts';

/** Advisory-lock namespace of indexers (the key is the chain id). */
export const INDEXER_LOCK_NAMESPACE = 7_201_912;

export type IndexerState = 'starting' | 'standby' | 'running' | 'backoff' | 'stopped';

export interface IndexerStatus {
  chainId: number;
  state: IndexerState;
  /** Last indexed block (null before the first chunk). */
  indexedBlock: string | null;
  /** Chain head as last seen. */
  headBlock: string | null;
  lastError: string | null;
  updatedAt: string;
}

/** Running totals and lag of one indexer, for /metrics (observability/metrics.ts). */
export interface IndexerMetrics {
  chainId: number;
  state: IndexerState;
  head: bigint | null;
  indexed: bigint | null;
  /** Confirmed blocks not indexed yet: head − confirmations − indexed (0 when caught up). */
  lagBlocks: number;
  /** How long the index has been behind the confirmed head (0 when caught up). */
  lagSeconds: number;
  /** Events decoded and written since the process started. */
  events: number;
  /** Failed or refused JSON-RPC calls since the process started. */
  rpcErrors: number;
  /** The current wait before the next try (0 unless in backoff). */
  backoffMs: number;
  /** Owner, pause, queued changes, reward margin at the indexed block (null until first read). */
  facts: ChainFacts | null;
}

/** How often the chain facts are read again when no new event was indexed. */
const FACTS_EVERY_MS = 15_000;

export interface IndexerOptions {
  db: Db;
  chainId: number;
  /** Network label for notices ('ETH', 'BSC'). */
  network: string;
  /** The chain's JSON-RPC providers (asked in order; switchable while the indexer runs). */
  rpc: RpcProviders;
  deployment: ChainDeployment;
  confirmations: number;
  /** Most blocks per eth_getLogs call and per transaction. */
  chunkBlocks?: number;
  /** Wait between polls once caught up. */
  pollMs?: number;
  /** First and largest wait after a failure (doubling in between). */
  backoffMs?: { min: number; max: number };
  /** Timeout of one RPC call. */
  rpcTimeoutMs?: number;
  /** Fault tests only: hold each chunk's transaction open this long before COMMIT. */
  faultDelayMs?: number;
  now?: () => Date;
  /** Called after each committed chunk with the new last indexed block. */
  onIndexed?: (chainId: number, block: string) => void;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/** The chain under the cursor is not the chain that was indexed: re-indexing is an operator's call. */
export class ChainChangedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainChangedError';
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const wake = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal.addEventListener('abort', wake, { once: true });
  });

export class ChainIndexer {
  readonly status: IndexerStatus;
  private readonly opts: Required<Omit<IndexerOptions, 'log' | 'onIndexed'>> &
    Pick<IndexerOptions, 'log' | 'onIndexed'>;
  private readonly ctx: ChunkContext;
  private readonly abort = new AbortController();
  private lock: AdvisoryLock | null = null;
  private loop: Promise<void> | null = null;
  private readonly waiters = new Set<() => void>();
  /** Blocks per chunk now: halved when a node refuses a range (too many logs), grown back after. */
  private span: bigint;
  private readonly totals = { events: 0, rpcErrors: 0, backoffMs: 0 };
  /** When the index was last at the confirmed head (the lag in seconds counts from there). */
  private caughtUpAt: number;
  private facts: ChainFacts | null = null;
  private readonly unsubscribe: () => void;
  /** When the facts were read, and the event total then (new events → read them again at once). */
  private readonly factsRead = { at: 0, events: -1 };
  /** The last failed read's warning, logged once until the facts are read again. */
  private factsError: string | null = null;

  constructor(options: IndexerOptions) {
    this.opts = {
      chunkBlocks: 2_000,
      pollMs: 1_000,
      backoffMs: { min: 500, max: 30_000 },
      rpcTimeoutMs: 10_000,
      faultDelayMs: 0,
      now: () => new Date(),
      ...options,
    };
    // A provider switch (a reload) gives a stopped indexer another look at the chain: it stopped
    // on what one provider said (a head below the cursor, another block hash), which a lying or
    // stale provider says too. If the new providers say the same, it stops again.
    this.unsubscribe = options.rpc.onSwitch((chainId) => {
      if (chainId !== options.chainId || this.status.state !== 'stopped') return;
      if (this.abort.signal.aborted) return;
      this.log('warn', 'providers switched: trying again');
      this.setStatus({ state: 'starting' });
      this.loop = this.run();
    });
    const { deployment } = options;
    this.ctx = {
      usdcDecimals: deployment.usdcDecimals,
      usdcIsToken0: deployment.usdc.toLowerCase() < deployment.rewardToken.toLowerCase(),
    };
    this.span = BigInt(this.opts.chunkBlocks);
    this.caughtUpAt = Date.now();
    this.status = {
      chainId: options.chainId,
      state: 'starting',
      indexedBlock: null,
      headBlock: null,
      lastError: null,
      updatedAt: this.opts.now().toISOString(),
    };
  }

  /** Starts indexing in the background. */
  start(): void {
    this.loop ??= this.run();
  }

  /** Stops after the current step and releases the lock. */
  async stop(): Promise<void> {
    this.unsubscribe();
    this.abort.abort();
    await this.loop;
    await this.lock?.release();
    this.lock = null;
  }

  /** Resolves once `block` is indexed (tests, tools). Rejects if the indexer stops first. */
  waitForBlock(block: bigint, timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.status.indexedBlock !== null && BigInt(this.status.indexedBlock) >= block) {
          done();
          resolve();
        } else if (this.status.state === 'stopped') {
          done();
          reject(new Error(`indexer stopped: ${this.status.lastError}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`block ${block} not indexed within ${timeoutMs} ms (${this.describe()})`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  metrics(): IndexerMetrics {
    const s = this.status;
    const head = s.headBlock === null ? null : BigInt(s.headBlock);
    const indexed = s.indexedBlock === null ? null : BigInt(s.indexedBlock);
    const safe = head === null ? null : head - BigInt(this.opts.confirmations);
    const behind = safe !== null && indexed !== null && safe > indexed ? safe - indexed : 0n;
    if (behind === 0n && safe !== null) this.caughtUpAt = Date.now();
    return {
      chainId: s.chainId,
      state: s.state,
      head,
      indexed,
      lagBlocks: Number(behind),
      lagSeconds: behind === 0n ? 0 : (Date.now() - this.caughtUpAt) / 1000,
      events: this.totals.events,
      rpcErrors: this.totals.rpcErrors,
      backoffMs: this.totals.backoffMs,
      facts: this.facts,
    };
  }

  /** The chain's client over its providers now (made again after a switch). */
  private get client(): PublicClient {
    const client = this.opts.rpc.client(this.opts.chainId, {
      timeoutMs: this.opts.rpcTimeoutMs,
      bulk: true,
    });
    if (!client) throw new Error(`no RPC provider for chain ${this.opts.chainId}`);
    return client;
  }

  describe(): string {
    const s = this.status;
    return `chain ${s.chainId}: ${s.state}, indexed ${s.indexedBlock ?? '-'} of ${s.headBlock ?? '-'}${s.lastError ? `, ${s.lastError}` : ''}`;
  }

  private setStatus(patch: Partial<IndexerStatus>): void {
    Object.assign(this.status, patch, { updatedAt: this.opts.now().toISOString() });
    for (const waiter of [...this.waiters]) waiter();
  }

  private log(level: 'info' | 'warn' | 'error', message: string): void {
    this.opts.log?.(level, `indexer chain ${this.opts.chainId}: ${message}`);
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    let backoff = this.opts.backoffMs.min;
    while (!signal.aborted) {
      try {
        if (!this.lock) {
          this.lock = await this.opts.db.tryAdvisoryLock(INDEXER_LOCK_NAMESPACE, this.opts.chainId);
          if (!this.lock) {
            if (this.status.state !== 'standby') this.log('info', 'another indexer runs: standby');
            this.setStatus({ state: 'standby' });
            await sleep(this.opts.pollMs * 2, signal);
            continue;
          }
          if (this.status.state === 'standby') {
            // The indexer that held the lock is gone (died or stopped): say so, it is a failover.
            this.log(
              'warn',
              'took over: the other indexer released the lock (stopped or died); continuing from the cursor',
            );
          }
          const held = this.lock;
          void held.lost.then(() => {
            if (this.lock === held) this.lock = null;
          });
        }
        const progressed = await this.step(this.lock);
        if (this.status.state !== 'running' || this.status.lastError) {
          this.setStatus({ state: 'running', lastError: null });
        }
        await this.refreshFacts(this.lock);
        backoff = this.opts.backoffMs.min;
        this.totals.backoffMs = 0;
        if (!progressed) {
          this.caughtUpAt = Date.now();
          await sleep(this.opts.pollMs, signal);
        }
      } catch (err) {
        if (signal.aborted) break;
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof ChainChangedError) {
          this.log('error', `${message} The indexer has stopped.`);
          this.setStatus({ state: 'stopped', lastError: message });
          break;
        }
        if (err instanceof BaseError) this.totals.rpcErrors += 1;
        this.totals.backoffMs = backoff;
        this.log('warn', `${message.split('\n')[0]} (retrying in ${backoff} ms)`);
        this.setStatus({ state: 'backoff', lastError: message.split('\n')[0]! });
        await sleep(backoff, signal);
        backoff = Math.min(backoff * 2, this.opts.backoffMs.max);
      }
    }
  }

  /**
   * The chain facts at the indexed block, after new events or every FACTS_EVERY_MS. They only feed
   * /metrics: a failed read is counted and logged, and indexing goes on.
   */
  private async refreshFacts(lock: AdvisoryLock): Promise<void> {
    const block = this.status.indexedBlock;
    const { chainId, deployment } = this.opts;
    // Until the deployment block is confirmed the index stands before it, where Staking has no
    // code yet: every read would fail ("returned no data"), so there is nothing to read.
    if (block === null || BigInt(block) < BigInt(deployment.startBlock)) return;
    const fresh = Date.now() - this.factsRead.at < FACTS_EVERY_MS;
    if (fresh && this.factsRead.events === this.totals.events) return;
    Object.assign(this.factsRead, { at: Date.now(), events: this.totals.events });
    try {
      this.facts = await readChainFacts(
        this.client,
        lock.conn,
        chainId,
        deployment,
        BigInt(block),
        this.opts.now(),
      );
      if (this.factsError !== null) this.log('info', 'chain facts read again');
      this.factsError = null;
    } catch (err) {
      if (err instanceof BaseError) this.totals.rpcErrors += 1;
      // Once per distinct failure, not at every retry (indexer_rpc_errors_total counts them all).
      const message = `chain facts not read: ${String(err).split('\n')[0]}`;
      if (message !== this.factsError) this.log('warn', message);
      this.factsError = message;
    }
  }

  /** Indexes the next chunk; false when there is nothing confirmed to index yet. */
  private async step(lock: AdvisoryLock): Promise<boolean> {
    const { chainId, deployment, confirmations } = this.opts;
    const cursor = (await readCursor(lock.conn, chainId)) ?? (await this.initCursor(lock));
    if (cursor.staking !== deployment.staking.toLowerCase()) {
      throw new ChainChangedError(
        `the index belongs to Staking ${cursor.staking}, but this deployment's is ${deployment.staking.toLowerCase()}: reset the chain's index (npm run index:reset -w server -- ${chainId}).`,
      );
    }
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    this.setStatus({ headBlock: head.toString(), indexedBlock: cursor.blockNumber.toString() });
    await this.checkCursor(cursor, head);

    const safe = head - BigInt(confirmations);
    if (safe <= cursor.blockNumber) return false;
    const from = cursor.blockNumber + 1n;
    const { logs, to } = await this.fetchLogs(from, safe);
    const toBlock = await this.client.getBlock({ blockNumber: to });
    const stray = logs.find((l) => l.blockNumber === to && l.blockHash !== toBlock.hash);
    if (stray) throw new Error(`block ${to} changed while it was being read; reading it again`);
    const times = await this.blockTimes(logs);
    const events = decodeLogs(logs, deployment, times);

    await lock.conn.transaction(async (tx) => {
      const uplines = await loadUplines(tx, chainId, addressesNeedingUplines(events));
      const writes = buildChunk(this.ctx, events, uplines);
      await writeChunk(
        tx,
        {
          chainId,
          network: this.opts.network,
          usdcDecimals: deployment.usdcDecimals,
          from: { blockNumber: cursor.blockNumber, blockHash: cursor.blockHash },
          to: {
            blockNumber: to,
            blockHash: toBlock.hash,
            time: new Date(Number(toBlock.timestamp) * 1000),
          },
          now: this.opts.now(),
        },
        writes,
      );
      if (this.opts.faultDelayMs > 0) {
        console.log(`indexer: chunk written ${from}-${to}, not committed`);
        await new Promise((resolve) => setTimeout(resolve, this.opts.faultDelayMs));
      }
    });
    this.totals.events += events.length;
    this.setStatus({ indexedBlock: to.toString() });
    this.opts.onIndexed?.(chainId, to.toString());
    return to < safe;
  }

  /**
   * Logs of the next chunk from `from` (at most `span` blocks, not past `safe`). Nodes refuse
   * ranges with too many logs (and viem refuses bodies over 10 MB): the range is halved until it
   * passes, down to one block; after a success it grows back towards `chunkBlocks`.
   */
  private async fetchLogs(from: bigint, safe: bigint): Promise<{ logs: Log[]; to: bigint }> {
    const { deployment } = this.opts;
    for (;;) {
      const to = from + this.span - 1n < safe ? from + this.span - 1n : safe;
      try {
        const logs = await this.client.getLogs({
          address: [deployment.staking, deployment.pair],
          fromBlock: from,
          toBlock: to,
        });
        const max = BigInt(this.opts.chunkBlocks);
        this.span = this.span * 2n < max ? this.span * 2n : max;
        return { logs, to };
      } catch (err) {
        if (to === from) throw err; // counted where it is caught
        this.totals.rpcErrors += 1;
        this.span = (to - from + 1n) / 2n;
        this.log('info', `eth_getLogs ${from}-${to} refused; trying ${this.span} blocks`);
      }
    }
  }

  /** The block hash under the cursor must still be the one indexed. */
  private async checkCursor(cursor: Cursor, head: bigint): Promise<void> {
    if (cursor.blockHash === '') return; // a fresh index starting at genesis
    const reset = (now: string) =>
      new ChainChangedError(
        `the chain changed under the index: block ${cursor.blockNumber} had hash ${cursor.blockHash} when it was indexed, ${now}. This happens when a local chain is reset, after a reorganisation deeper than the confirmations, or when the RPC provider is stale or lies: compare with another provider first and switch if it is the provider (docs/OPERATIONS.md §7, RPC outage). The index was kept as it is; to index the new chain from scratch run: npm run index:reset -w server -- ${cursor.chainId}`,
      );
    if (head < cursor.blockNumber) throw reset(`but the chain now ends at block ${head}`);
    const block = await this.client.getBlock({ blockNumber: cursor.blockNumber });
    if (block.hash !== cursor.blockHash) throw reset(`now it has ${block.hash}`);
  }

  private async initCursor(lock: AdvisoryLock): Promise<Cursor> {
    const { chainId, deployment } = this.opts;
    const start = BigInt(deployment.startBlock);
    const at = start > 0n ? { blockNumber: start - 1n } : {};
    // The pool was usually seeded before Staking was deployed: its reserves then are the price
    // until the first Sync the index sees.
    const [before, thresholds, reserves] = await Promise.all([
      start > 0n ? this.client.getBlock({ blockNumber: start - 1n }) : null,
      this.client.readContract({
        address: deployment.staking,
        abi: stakingAbi,
        functionName: 'levelThresholds',
      }),
      this.client
        .readContract({
          address: deployment.pair,
          abi: pairAbi,
          functionName: 'getReserves',
          ...at,
        })
        .catch(() => null),
    ]);
    const cursor: Cursor = {
      chainId,
      staking: deployment.staking.toLowerCase(),
      blockNumber: start - 1n,
      blockHash: before?.hash ?? '',
      blockTime: before ? new Date(Number(before.timestamp) * 1000) : null,
      levelThresholds: [...thresholds],
    };
    const market =
      before && reserves && (reserves[0] > 0n || reserves[1] > 0n)
        ? {
            usdcReserve: this.ctx.usdcIsToken0 ? reserves[0] : reserves[1],
            rewardReserve: this.ctx.usdcIsToken0 ? reserves[1] : reserves[0],
            blockNumber: before.number!,
            time: new Date(Number(before.timestamp) * 1000),
          }
        : null;
    await lock.conn.transaction((tx) => createCursor(tx, cursor, this.opts.now(), market));
    this.log('info', `new index from block ${start}`);
    return (await readCursor(lock.conn, chainId))!;
  }

  /** Block times of logs whose node did not send `blockTimestamp` (one batched call). */
  private async blockTimes(logs: Log[]): Promise<Map<bigint, Date>> {
    const missing = blocksWithoutTime(logs);
    const blocks = await Promise.all(missing.map((n) => this.client.getBlock({ blockNumber: n })));
    return new Map(blocks.map((b) => [b.number!, new Date(Number(b.timestamp) * 1000)]));
  }
}
