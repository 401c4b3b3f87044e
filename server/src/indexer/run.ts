/**
 * The indexers a server process runs: one per chain that has both an RPC URL and a deployment.
 */
import { networkByChainId, supportedChainIds } from '@app/contracts/chains';
import { deployments } from '@app/contracts/generated';
import type { ResolvedConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { ChainIndexer, type IndexerStatus } from './indexer.ts';

export interface Indexers {
  byChain: Map<number, ChainIndexer>;
  statuses(): IndexerStatus[];
  stop(): Promise<void>;
}

export function startIndexers(
  config: ResolvedConfig,
  db: Db,
  log: (level: 'info' | 'warn' | 'error', message: string) => void,
  onIndexed?: (chainId: number, block: string) => void,
): Indexers {
  const byChain = new Map<number, ChainIndexer>();
  if (config.indexer) {
    for (const chainId of supportedChainIds) {
      const deployment = deployments[config.deployment][chainId];
      const network = networkByChainId(chainId)!;
      if (!config.rpc.has(chainId) || !deployment) continue;
      const indexer = new ChainIndexer({
        db,
        chainId,
        network: network.label,
        rpc: config.rpc,
        deployment,
        confirmations: network.confirmations[config.deployment],
        pollMs: config.indexerPollMs,
        chunkBlocks: config.indexerChunkBlocks,
        faultDelayMs: config.indexerFaultDelayMs,
        now: config.now,
        log,
        onIndexed,
      });
      byChain.set(chainId, indexer);
      indexer.start();
    }
  }
  return {
    byChain,
    statuses: () => [...byChain.values()].map((i) => ({ ...i.status })),
    stop: async () => {
      await Promise.all([...byChain.values()].map((i) => i.stop()));
    },
  };
}
