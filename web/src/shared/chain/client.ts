import type { PublicClient } from 'viem';
import type { Config } from 'wagmi';
import { getPublicClient } from 'wagmi/actions';

/** The read client of one of our chains (reads go through the server's /rpc proxy). */
export function publicClientFor(config: Config, chainId: number): PublicClient {
  const client = getPublicClient(config, { chainId });
  if (!client) throw new Error(`No client for chain ${chainId}`);
  return client as PublicClient;
}
