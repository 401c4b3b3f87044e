import { networkList, toViemChain } from '@app/contracts/chains';
import type { Chain } from 'viem';
import {
  createConfig,
  http,
  injected,
  type Config,
  type CreateConnectorFn,
  type Transport,
} from 'wagmi';
import { API_TIMEOUT_MS } from '../shared/api';
import { watchedFetch } from '../shared/connectivity';
import { rpcProxyUrl } from '../shared/wallet/chain';

/**
 * The one wagmi config: our two networks (reads through /rpc/<chainId> on our own origin), the
 * generic injected connector (window.ethereum) and every EIP-6963 wallet that announces itself
 * (wagmi's multiInjectedProviderDiscovery). `extra` adds the local test wallet in local builds.
 */
export function createWagmiConfig(extra: CreateConnectorFn[]): Config {
  const chains = networkList.map((n) => toViemChain(n, rpcProxyUrl(n.chainId))) as [
    Chain,
    ...Chain[],
  ];
  const transports: Record<number, Transport> = {};
  for (const chain of chains)
    transports[chain.id] = http(rpcProxyUrl(chain.id), {
      batch: false,
      fetchFn: watchedFetch,
      // Spec §9: network timeouts are 60000 ms (viem's own default is 10 s).
      timeout: API_TIMEOUT_MS,
    });
  return createConfig({
    chains,
    connectors: [injected(), ...extra],
    transports,
    multiInjectedProviderDiscovery: true,
  });
}
