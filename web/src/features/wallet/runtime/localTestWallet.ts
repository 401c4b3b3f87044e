/**
 * 'Local test wallet' (local builds only): a wagmi connector that signs with the well-known anvil
 * account 1 and sends raw transactions through the server's /rpc proxy. main.tsx imports this
 * module dynamically behind `import.meta.env.VITE_DEPLOYMENT === 'local'`, so production builds
 * do not contain it. The signer (secp256k1) is itself loaded only when the wallet is used.
 */
import { networkByChainId } from '@app/contracts/chains';
import { createConnector } from 'wagmi';
import { getAddress, numberToHex, type Address } from 'viem';
import { networkStore } from '../../../shared/network';
import type { LocalTestProvider } from './localTestSigner';

export const LOCAL_TEST_WALLET_ID = 'localTestWallet';

const connectedKey = 'localTestWallet.connected';

export function localTestWallet() {
  let providerPromise: Promise<LocalTestProvider> | undefined;

  return createConnector<LocalTestProvider>((config) => {
    const getProvider = (): Promise<LocalTestProvider> => {
      providerPromise ??= import('./localTestSigner').then(({ createLocalTestProvider }) =>
        createLocalTestProvider({
          initialChainId: networkByChainId(Number(localStorage.getItem('localTestWallet.chainId')))
            ? Number(localStorage.getItem('localTestWallet.chainId'))
            : { ETH: 1, BSC: 56 }[networkStore.get()],
          onChainChanged: (chainId) => {
            localStorage.setItem('localTestWallet.chainId', String(chainId));
            config.emitter.emit('change', { chainId });
          },
        }),
      );
      return providerPromise;
    };

    return {
      id: LOCAL_TEST_WALLET_ID,
      name: 'Local test wallet',
      type: LOCAL_TEST_WALLET_ID,
      async connect({ chainId, withCapabilities } = {}) {
        const provider = await getProvider();
        if (chainId && chainId !== provider.chainId()) await this.switchChain!({ chainId });
        await config.storage?.setItem(connectedKey, true);
        const address = provider.address;
        return {
          accounts: (withCapabilities ? [{ address, capabilities: {} }] : [address]) as never,
          chainId: provider.chainId(),
        };
      },
      async disconnect() {
        await config.storage?.removeItem(connectedKey);
      },
      async getAccounts(): Promise<readonly Address[]> {
        const provider = await getProvider();
        return [provider.address];
      },
      async getChainId() {
        return (await getProvider()).chainId();
      },
      getProvider,
      async isAuthorized() {
        return Boolean(await config.storage?.getItem(connectedKey));
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId);
        if (!chain) throw new Error(`Chain ${chainId} is not configured`);
        const provider = await getProvider();
        await provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        });
        return chain;
      },
      onAccountsChanged(accounts) {
        config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) });
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) });
      },
      onDisconnect() {
        config.emitter.emit('disconnect');
      },
    };
  });
}
