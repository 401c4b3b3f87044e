import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionGuard } from '../features/wallet/useSessionGuard';
import { readPendingTx } from '../shared/pendingTx';
import { ConfirmHost } from '../shared/ui/confirm';
import { LoadingModal, Spinner } from '../shared/ui/loading';
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

export function App() {
  const { t } = useTranslation();
  const { path } = useRoute();
  const route = routes[path];
  useSessionGuard();

  useEffect(() => {
    if (!route) redirect('/');
  }, [route]);

  useEffect(() => {
    if (route) document.title = `${t(route.titleKey)} · ${t('app.name')}`;
  }, [route, t]);

  if (!route) return null;
  const Page = route.component;

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
        <Suspense fallback={<Spinner label={t('loading.loading')} />}>
          <Page />
        </Suspense>
      </main>
      {route.tab ? <TabBar active={route.tab} /> : null}
      <Toaster />
      <ConfirmHost />
      <LoadingModal />
    </div>
  );
}
