import { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/Root';
import { parseHash } from './app/router';
import { routes } from './app/routes';
import { loadWalletRuntime } from './features/wallet/runtime/loadRuntime';
import { initI18n } from './i18n';
import { standalone } from './shared/deployment';
import { sessionStore } from './shared/session';
import './styles.css';
import './shared/ui/figures.css';
import './app/chrome.css';
// Shared controls every page may show (toast, notify banner, dialogs, inputs): base-level styles,
// kept beside their components but loaded with the app (their modules also run in unit tests).
import './shared/ui/field.css';
import './shared/ui/modal.css';
import './shared/ui/toast.css';
import './shared/ui/notify.css';

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
  const route = routes[parseHash(window.location.hash).path];
  const page = route?.component.preload();
  // At home the first render also waits for it: it replaces index.html's pre-rendered shell of
  // home (src/shell/), so it must hold the page itself, not an empty loading view (which would
  // blank the cards for a moment). Elsewhere the shell's page is hidden (styles.css) and the
  // app's bars and loading view come first, as before.
  const home = route !== undefined && route.component === routes['/']?.component;
  // A signed-in user's wallet code loads with the language (its wallet is reconnected at once); an
  // anonymous first visit paints without it (features/wallet/runtime/loadRuntime.ts).
  await Promise.all([
    initI18n(),
    // (A failed load shows Retry when the page renders: routes.ts `lazyPage`.)
    home ? page?.catch(() => undefined) : undefined,
    sessionStore.get() !== null ? loadWalletRuntime().catch(() => undefined) : undefined,
  ]);
  // After i18n: the resolve request carries the Lang header. Not awaited: rendering goes on. Its
  // code (with viem's address checks) loads only for a visit that brings an invitation.
  if (invitation) void import('./shared/invitation').then((m) => m.captureInvitation(invitation));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
  });

  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser: the app shell stays responsive while
  // the first render runs, instead of one long task on a slow phone.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

/**
 * The offline app shell (src/pwa/sw.template.js, emitted as /sw.js by vite.config.ts): production
 * builds only, registered after the page has loaded so it never competes with the first visit.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || standalone || !('serviceWorker' in navigator)) return;
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
