import { networkByChainId, type Deployment } from '@app/contracts/chains';

export type TxLocation =
  | { kind: 'explorer'; name: string; url: string }
  /** A local anvil chain: there is no public explorer that knows this transaction. */
  | { kind: 'local' }
  | { kind: 'unknown' };

/**
 * Where the user can look a transaction up. In production: the network's explorer from
 * `@app/contracts/chains` (Etherscan, BscScan). In a local build the chains reuse the ids 1 and 56
 * but are local anvils, so an Etherscan link would lead to "transaction not found" on mainnet
 * (or, worse, look authoritative): we show the full hash and say it is a local chain instead.
 */
export function txLocation(deployment: Deployment, chainId: number, hash: string): TxLocation {
  const network = networkByChainId(chainId);
  if (!network) return { kind: 'unknown' };
  if (deployment !== 'production') return { kind: 'local' };
  const base = network.explorer.url.replace(/\/+$/, '');
  return { kind: 'explorer', name: network.explorer.name, url: `${base}/tx/${hash}` };
}

/**
 * The explorer page of a contract or account, or undefined on a local chain (ids 1 and 56 reused by
 * anvil: a mainnet link would show a different, unrelated address).
 */
export function addressUrl(
  deployment: Deployment,
  chainId: number,
  address: string,
): { name: string; url: string } | undefined {
  const network = networkByChainId(chainId);
  if (!network || deployment !== 'production') return undefined;
  const base = network.explorer.url.replace(/\/+$/, '');
  return { name: network.explorer.name, url: `${base}/address/${address}` };
}
