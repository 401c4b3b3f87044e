import { useQueryClient } from '@tanstack/react-query';
import { createElement, lazy, Suspense, useCallback, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletConfig } from '../features/wallet/runtime/loadRuntime';
import {
  checkConnectivity,
  isOffline,
  useConnectivity,
  watchConnectivity,
} from '../shared/connectivity';
import { onUserDataChangedElsewhere, refreshUserData } from '../shared/data/userDataSync';
import { readPendingTx } from '../shared/pendingTx';
import { ChunkBoundary } from '../shared/ui/ChunkBoundary';
import { ConfirmHost } from '../shared/ui/confirm';
import { DelayedSpinner, LoadingModal } from '../shared/ui/loading';
import { NoNetwork } from '../shared/ui/NoNetwork';
import { ReadSourceNote } from '../features/settings/ReadSourceNote';
import { NotifyBanner } from '../shared/ui/notify';
import { Toaster } from '../shared/ui/toast';
import { ASYNC_PAGE_DELAY_MS, CHUNK_LOAD_TIMEOUT_MS, withTimeout } from './chunks';
import { NavBar } from './NavBar';
import { NoticeNotifier } from './NoticeNotifier';
import { redirect, useRoute } from './router';
import { routes } from './routes';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';

// Loaded only when a transaction sent before the last reload is still unconfirmed (keeps the
// receipt-watching code out of the first visit's bundle). If its code cannot be loaded (within
// the spec's 120 s), the app goes on without the banner; the hash stays for the next visit.
const PendingTxWatcher = lazy(() =>
  withTimeout(import('./PendingTxWatcher'), CHUNK_LOAD_TIMEOUT_MS).catch(() => ({
    default: () => null,
  })),
);
const pendingAtBoot = readPendingTx() !== null;

// A transaction's progress and its receipt: only the wallet code sends transactions, so their views
// (and their 'tx' texts, of the later part) come with it, not with the first visit (issue 26 §1).
// A chunk that cannot be loaded leaves the view out, as for PendingTxWatcher.
const txViews = () =>
  withTimeout(import('../features/tx/TxProgress'), CHUNK_LOAD_TIMEOUT_MS).catch(() => null);
const TxReceiptBanner = lazy(() =>
  txViews().then((m) => ({ default: m?.TxReceiptBanner ?? (() => null) })),
);
const TxProgressModal = lazy(() =>
  txViews().then((m) => ({ default: m?.TxProgressModal ?? (() => null) })),
);

// The session guard and the Reconnect banner come with the wallet code (features/wallet/runtime/loadRuntime.ts).
const WalletShell = lazy(() => import('../features/wallet/WalletShell'));

/** How often the no-network view asks the server again while the browser says it is online. */
const RECHECK_MS = 10_000;

export function App() {
  const { t } = useTranslation();
  const { path } = useRoute();
  const route = routes[path];
  // wagmi's hooks only once its code is there (at boot with a session, else on demand).
  const walletReady = useWalletConfig() !== null;
  const queryClient = useQueryClient();
  const connectivity = useConnectivity();
  const offline = isOffline(connectivity);
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  // Back online: the pages read again what failed while offline.
  const refetch = useCallback(() => void queryClient.refetchQueries(), [queryClient]);
  useEffect(() => watchConnectivity(refetch), [refetch]);
  const retry = useCallback(async () => {
    if (await checkConnectivity()) refetch();
  }, [refetch]);
  // Online but our server did not answer: keep asking, so the view goes away by itself.
  const serverDown = connectivity.browserOnline && connectivity.unreachable;
  useEffect(() => {
    if (!serverDown) return;
    const timer = setInterval(() => void retry(), RECHECK_MS);
    return () => clearInterval(timer);
  }, [serverDown, retry]);

  // A transaction confirmed in another tab of the app: this tab reads everything again too, so it
  // never shows a moved wallet balance next to an old withdrawable amount or membership.
  useEffect(
    () => onUserDataChangedElsewhere(() => void refreshUserData(queryClient)),
    [queryClient],
  );

  useEffect(() => {
    if (!route) redirect('/');
  }, [route]);

  useEffect(() => {
    if (route) document.title = `${t(route.titleKey)} · ${t('app.name')}`;
  }, [route, t]);

  if (!route) return null;
  // The page's lazy component is created once per route and kept (new only after a Retry).
  const page = createElement(route.component.get());

  return (
    <div className={`app${route.tab ? ' app--tab' : ''}`}>
      {route.tab ? <TopBar /> : <NavBar titleKey={route.titleKey} />}
      <main className="page">
        {pendingAtBoot && walletReady ? (
          <Suspense fallback={null}>
            <PendingTxWatcher />
          </Suspense>
        ) : null}
        {walletReady ? (
          <Suspense fallback={null}>
            <TxReceiptBanner />
            <WalletShell />
          </Suspense>
        ) : null}
        {route.tab ? <h1 className="visually-hidden">{t(route.titleKey)}</h1> : null}
        {offline ? (
          <NoNetwork onRetry={retry} />
        ) : (
          <ChunkBoundary
            resetKey={path}
            onRetry={() => {
              route.component.reset();
              rerender();
            }}
          >
            <Suspense
              fallback={
                <DelayedSpinner label={t('loading.loading')} delayMs={ASYNC_PAGE_DELAY_MS} />
              }
            >
              {page}
            </Suspense>
          </ChunkBoundary>
        )}
        <ReadSourceNote />
      </main>
      {route.tab ? <TabBar active={route.tab} /> : null}
      <Toaster />
      <NotifyBanner />
      <NoticeNotifier />
      <ConfirmHost />
      <LoadingModal />
      {walletReady ? (
        <Suspense fallback={null}>
          <TxProgressModal />
        </Suspense>
      ) : null}
    </div>
  );
}
