import { networkByChainId, networkList, toViemChain } from '@app/contracts/chains';
import type { Chain } from 'viem';
import { createConfig, injected, type Config, type CreateConnectorFn, type Transport } from 'wagmi';
import { getConnection } from 'wagmi/actions';
import { readTransport } from '../../../shared/chain/readTransport';
import { deployment, standalone } from '../../../shared/deployment';
import { rpcProxyUrl } from './chain';
import type { Eip1193 } from './chain';

/**
 * The one wagmi config: our two networks, the generic injected connector (window.ethereum) and
 * every EIP-6963 wallet that announces itself (wagmi's multiInjectedProviderDiscovery). `extra`
 * adds the local test wallet in local builds. Reads go through a fallback list per network (our
 * /rpc proxy, the user's own RPC URLs, the connected wallet: shared/chain/readTransport.ts).
 */
const publicRpcOf = (chainId: number) => networkByChainId(chainId)?.publicRpcUrl;

/** How often a local build polls its chains (anvil mines each transaction at once). */
const LOCAL_POLLING_MS = 500;

export function createWagmiConfig(extra: CreateConnectorFn[]): Config {
  const chains = networkList.map((n) => toViemChain(n, rpcProxyUrl(n.chainId))) as [
    Chain,
    ...Chain[],
  ];
  // The transports need the config they are part of (the wallet's connection): set below.
  const created: { config?: Config } = {};
  /** The connected wallet's provider, when it is on `chainId`. */
  const walletOn = async (chainId: number): Promise<Eip1193 | undefined> => {
    if (!created.config) return undefined;
    const connection = getConnection(created.config);
    if (connection.status !== 'connected' || connection.chainId !== chainId) return undefined;
    return (await connection.connector.getProvider()) as Eip1193;
  };
  const transports: Record<number, Transport> = {};
  for (const chain of chains)
    transports[chain.id] = readTransport(chain.id, {
      serverUrl: standalone ? undefined : rpcProxyUrl(chain.id),
      publicUrl: standalone && deployment === 'production' ? publicRpcOf(chain.id) : undefined,
      walletOn,
    });
  const config = createConfig({
    chains,
    connectors: [injected(), ...extra],
    transports,
    multiInjectedProviderDiscovery: true,
    // Receipts and new blocks are polled at half the chain's block time (its `blockTime`): 4 s on
    // Ethereum, 0.5 s on BSC. A local chain mines a transaction at once, whichever network it
    // stands for, so waiting up to 4 s for its receipt would only slow `npm start` and the tests.
    ...(deployment === 'local' ? { pollingInterval: LOCAL_POLLING_MS } : {}),
  });
  created.config = config;
  return config;
}
