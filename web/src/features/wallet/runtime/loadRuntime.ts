import type { ComponentType } from 'react';
import type { Config } from 'wagmi';
import i18next from 'i18next';
import { defaultLanguage } from '../../../i18n/languages';
import { currentLanguage, i18nReady } from '../../../i18n/translate';
import { createStore, useStore } from '../../../shared/store';

/**
 * The wallet and chain code (wagmi's config, its connectors, viem's clients) is not part of the
 * first visit (issue 11 §1): an anonymous visitor's Home page reads everything from the API. It is
 * loaded when the user reaches for it (the wallet button, the network menu, any page but Home) and
 * at boot when a session exists (a signed-in user's wallet is reconnected at once).
 */
const runtimeStore = createStore<Config | null>(null);

/**
 * Components that read the chain and are shown on Home (a signed-in user's own position): they
 * come with the wallet code, so Home's own chunk has no import of them (nor of its dependencies).
 */
export interface WalletParts {
  MyPosition: ComponentType;
}
const partsStore = createStore<WalletParts | null>(null);
let loading: Promise<Config> | undefined;

/** Adds the active language's later texts (i18n/parts.ts) once i18next is initialised. */
async function loadLaterTexts(): Promise<void> {
  const loader = import('../../../i18n/laterTexts');
  // The active language is known only once i18n has started (the wallet code can be asked for
  // earlier, at boot with a session): reading it before would add another language's texts.
  await i18nReady;
  const code = currentLanguage();
  const texts = await (await loader).loadLaterPart(code, defaultLanguage);
  i18next.addResourceBundle(code, 'translation', texts, true, false);
}

export function loadWalletRuntime(): Promise<Config> {
  // The pages behind the wallet need the later part of the texts (i18n/parts.ts): both arrive
  // before the config is published, so nothing that renders with it shows a bare key.
  loading ??= Promise.all([
    import('./runtimeChunk').then((m) => {
      partsStore.set({ MyPosition: m.MyPosition });
      return m.startWalletRuntime();
    }),
    loadLaterTexts(),
  ])
    .then(([config]) => {
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

/** The chain-reading components for Home once the wallet code is loaded, else null. */
export function useWalletParts(): WalletParts | null {
  return useStore(partsStore);
}
