import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WagmiProvider, type CreateConnectorFn } from 'wagmi';
import { App } from './app/App';
import { parseHash } from './app/router';
import { routes } from './app/routes';
import { createWagmiConfig } from './app/wagmi';
import { watchFirstReconnect } from './features/wallet/walletLink';
import { initI18n } from './i18n';
import { captureInvitation } from './shared/invitation';
import { sessionStore } from './shared/session';
import './styles.css';

/**
 * An invitation can arrive as `/#/?code=<address or InviteCode>` (or `?code=` before the hash);
 * see shared/invitation.ts.
 */
function inviteParam(): string | null {
  return (
    parseHash(window.location.hash).query.get('code') ??
    new URLSearchParams(window.location.search).get('code')
  );
}

async function boot(): Promise<void> {
  const invitation = inviteParam();
  // The page's own code loads while the language does (not after the first render).
  routes[parseHash(window.location.hash).path]?.component.preload();
  const extra: CreateConnectorFn[] = [];
  const [, localWallet] = await Promise.all([
    initI18n(),
    import.meta.env.VITE_DEPLOYMENT === 'local' ? import('./app/localTestWallet') : undefined,
  ]);
  if (localWallet) extra.push(localWallet.localTestWallet());
  // After i18n: the resolve request carries the Lang header. Not awaited: rendering goes on.
  void captureInvitation(invitation);
  const config = createWagmiConfig(extra);
  watchFirstReconnect(config, sessionStore.get() !== null);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
  });

  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser: the app shell stays responsive while
  // the first render runs, instead of one long task on a slow phone.
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* Only a logged-in user's wallet is reconnected on load. */}
        <WagmiProvider config={config} reconnectOnMount={sessionStore.get() !== null}>
          <QueryClientProvider client={queryClient}>
            <App />
          </QueryClientProvider>
        </WagmiProvider>
      </StrictMode>,
    ),
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
