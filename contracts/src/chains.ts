/**
 * The one place that describes the networks the app supports. Server, web and tests import it;
 * nothing else names a chain id, an RPC URL or an explorer.
 */
import { defineChain, type Chain } from 'viem';

export type NetworkKey = 'ETH' | 'BSC';
export type SupportedChainId = 1 | 56;

/** Which set of contract deployments a build or server talks to. */
export type Deployment = 'local' | 'production';

export interface NetworkInfo {
  key: NetworkKey;
  chainId: SupportedChainId;
  /** Label in the network dropdown. */
  label: string;
  nativeSymbol: string;
  /** Fixed port of the local anvil chain that `npm start` runs (tests pick free ports instead). */
  localPort: number;
  /** Public RPC a wallet may be told about with wallet_addEthereumChain in production. */
  publicRpcUrl: string;
  explorer: { name: string; url: string };
  /** Confirmations the indexer waits for before it trusts a block. */
  confirmations: { local: number; production: number };
  /**
   * The chain's block interval in ms: viem polls for receipts and new blocks at half of it (between
   * 0.5 and 4 s), so a BSC receipt shows within half a second rather than viem's default 4 s.
   */
  blockTimeMs: number;
}

export const networks: Record<NetworkKey, NetworkInfo> = {
  ETH: {
    key: 'ETH',
    chainId: 1,
    label: 'ETH',
    nativeSymbol: 'ETH',
    localPort: 8545,
    publicRpcUrl: 'https://ethereum-rpc.publicnode.com',
    explorer: { name: 'Etherscan', url: 'https://etherscan.io' },
    confirmations: { local: 0, production: 12 },
    blockTimeMs: 12_000,
  },
  BSC: {
    key: 'BSC',
    chainId: 56,
    label: 'BSC',
    nativeSymbol: 'BNB',
    localPort: 8546,
    publicRpcUrl: 'https://bsc-dataseed.bnbchain.org',
    explorer: { name: 'BscScan', url: 'https://bscscan.com' },
    confirmations: { local: 0, production: 15 },
    // 0.45 s since the Fermi upgrade (January 2026); 0.75 s from mid-2025, 3 s before.
    blockTimeMs: 450,
  },
};

export const networkList: NetworkInfo[] = [networks.ETH, networks.BSC];
export const supportedChainIds: SupportedChainId[] = networkList.map((n) => n.chainId);
export const defaultNetwork: NetworkKey = 'ETH';

export function networkByChainId(chainId: number): NetworkInfo | undefined {
  return networkList.find((n) => n.chainId === chainId);
}

export function isSupportedChainId(chainId: number): chainId is SupportedChainId {
  return networkByChainId(chainId) !== undefined;
}

/** RPC URL of a local anvil chain on a given port. */
export function localRpcUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/**
 * A viem chain object for one network. `rpcUrl` is where reads go (a local anvil, or the server's
 * /rpc proxy). Local chains deliberately declare no multicall3 contract: a bare anvil has none, and
 * wagmi falls back to single calls.
 */
export function toViemChain(network: NetworkInfo, rpcUrl: string): Chain {
  return defineChain({
    id: network.chainId,
    name: network.label,
    nativeCurrency: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: network.explorer },
    blockTime: network.blockTimeMs,
  });
}
