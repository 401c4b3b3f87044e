import type { Config } from 'wagmi';
import { createStore, useStore } from '../shared/store';

/**
 * The wallet and chain code (wagmi's config, its connectors, viem's clients) is not part of the
 * first visit (issue 11 §1): an anonymous visitor's Home page reads everything from the API. It is
 * loaded when the user reaches for it (the wallet button, the network menu, any page but Home) and
 * at boot when a session exists (a signed-in user's wallet is reconnected at once).
 */
const runtimeStore = createStore<Config | null>(null);
let loading: Promise<Config> | undefined;

export function loadWalletRuntime(): Promise<Config> {
  loading ??= import('./wagmiRuntime')
    .then((m) => m.startWalletRuntime())
    .then((config) => {
      runtimeStore.set(config);
      return config;
    })
    .catch((error: unknown) => {
      // A failed chunk load can be tried again by the next reach for the wallet.
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The wagmi config once loaded, else null. */
export function useWalletConfig(): Config | null {
  return useStore(runtimeStore);
}

export function walletConfig(): Config | null {
  return runtimeStore.get();
}
