import { useQueryClient } from '@tanstack/react-query';
import { createElement, lazy, Suspense, useCallback, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionGuard } from '../features/wallet/useSessionGuard';
import {
  checkConnectivity,
  isOffline,
  useConnectivity,
  watchConnectivity,
} from '../shared/connectivity';
import { readPendingTx } from '../shared/pendingTx';
import { ChunkBoundary } from '../shared/ui/ChunkBoundary';
import { ConfirmHost } from '../shared/ui/confirm';
import { LoadingModal, Spinner } from '../shared/ui/loading';
import { NoNetwork } from '../shared/ui/NoNetwork';
import { Toaster } from '../shared/ui/toast';
import { NavBar } from './NavBar';
import { redirect, useRoute } from './router';
import { routes } from './routes';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';

// Loaded only when a transaction sent before the last reload is still unconfirmed (keeps the
// receipt-watching code out of the first visit's bundle).
const PendingTxWatcher = lazy(() => import('./PendingTxWatcher'));
const pendingAtBoot = readPendingTx() !== null;

/** How often the no-network view asks the server again while the browser says it is online. */
const RECHECK_MS = 10_000;

export function App() {
  const { t } = useTranslation();
  const { path } = useRoute();
  const route = routes[path];
  useSessionGuard();
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
        {pendingAtBoot ? (
          <Suspense fallback={null}>
            <PendingTxWatcher />
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
            <Suspense fallback={<Spinner label={t('loading.loading')} />}>{page}</Suspense>
          </ChunkBoundary>
        )}
      </main>
      {route.tab ? <TabBar active={route.tab} /> : null}
      <Toaster />
      <ConfirmHost />
      <LoadingModal />
    </div>
  );
}
