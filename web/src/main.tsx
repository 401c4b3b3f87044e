import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isAddress } from 'viem';
import { WagmiProvider, type CreateConnectorFn } from 'wagmi';
import { App } from './app/App';
import { parseHash } from './app/router';
import { createWagmiConfig } from './app/wagmi';
import { initI18n } from './i18n';
import { sessionStore } from './shared/session';
import { storageKeys, writeStorage } from './shared/storage';
import './styles.css';

/** An invitation (upline address) can arrive as `/#/?code=0x...` (or `?code=` before the hash). */
function captureInviteCode(): void {
  const code =
    parseHash(window.location.hash).query.get('code') ??
    new URLSearchParams(window.location.search).get('code');
  if (code && isAddress(code)) writeStorage(storageKeys.inviteCode, code);
}

async function boot(): Promise<void> {
  captureInviteCode();
  const extra: CreateConnectorFn[] = [];
  const [, localWallet] = await Promise.all([
    initI18n(),
    import.meta.env.VITE_DEPLOYMENT === 'local' ? import('./app/localTestWallet') : undefined,
  ]);
  if (localWallet) extra.push(localWallet.localTestWallet());
  const config = createWagmiConfig(extra);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
  });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* Only a logged-in user's wallet is reconnected on load. */}
      <WagmiProvider config={config} reconnectOnMount={sessionStore.get() !== null}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  );
}

/**
 * The offline app shell (src/pwa/sw.template.js, emitted as /sw.js by vite.config.ts): production
 * builds only, registered after the page has loaded so it never competes with the first visit.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

void boot();
registerServiceWorker();
