import { networkByChainId, type NetworkInfo } from '@app/contracts/chains';
import { numberToHex, type EIP1193Provider } from 'viem';
import { isUnknownChain } from './errors';

import { rpcProxyUrl } from '../../../shared/chain/rpcUrl';

export { rpcProxyUrl } from '../../../shared/chain/rpcUrl';

/** RPC URL a wallet is told about with wallet_addEthereumChain. */
export function walletRpcUrl(network: NetworkInfo): string {
  return import.meta.env.VITE_DEPLOYMENT === 'local'
    ? rpcProxyUrl(network.chainId)
    : network.publicRpcUrl;
}

export type Eip1193 = Pick<EIP1193Provider, 'request'>;

export async function getWalletChainId(provider: Eip1193): Promise<number> {
  const hex = await provider.request({ method: 'eth_chainId' });
  return Number(hex);
}

/** Asks the wallet to switch; if it does not know the chain (4902), adds it and switches again. */
export async function switchWalletChain(provider: Eip1193, network: NetworkInfo): Promise<void> {
  const chainId = numberToHex(network.chainId);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (!isUnknownChain(error)) throw error;
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: network.label,
          nativeCurrency: {
            name: network.nativeSymbol,
            symbol: network.nativeSymbol,
            decimals: 18,
          },
          rpcUrls: [walletRpcUrl(network)],
          blockExplorerUrls: [network.explorer.url],
        },
      ],
    });
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  }
}

export function isKnownChain(chainId: number | undefined): boolean {
  return chainId !== undefined && networkByChainId(chainId) !== undefined;
}
