import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ASYNC_PAGE_TIMEOUT_MS, withTimeout } from './chunks';
import { standalone } from '../shared/deployment';
import { loadWalletRuntime } from '../features/wallet/runtime/loadRuntime';

/**
 * A lazily loaded page that can be loaded again: React.lazy keeps a failed import forever, so
 * Retry (after a failed chunk load) makes a new lazy component that imports once more. A load that
 * takes longer than the spec's 60000 ms counts as failed (Retry is offered).
 */
export interface LazyPage {
  /**
   * The page's component: the loaded one itself once `preload` has finished (the first render then
   * shows the page at once, with no Suspense fallback between the pre-rendered shell and it),
   * else a lazy one. The same component until `reset`.
   */
  get(): ComponentType;
  reset(): void;
  /**
   * Starts loading the page's code now (at boot, next to the language), so the first render does
   * not wait for one more round trip. The page then renders from that load, failed or not (a
   * failure shows Retry like any other).
   */
  preload(): Promise<unknown>;
}

type PageModule = { default: ComponentType };

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let current: ComponentType | LazyExoticComponent<ComponentType> | undefined;
  let early: Promise<PageModule> | undefined;
  let loaded: PageModule | undefined;
  return {
    get: () =>
      (current ??=
        loaded?.default ?? lazy(() => withTimeout(early ?? load(), ASYNC_PAGE_TIMEOUT_MS))),
    reset: () => {
      current = undefined;
      early = undefined;
      loaded = undefined;
    },
    preload: () => {
      if (current || early) return early ?? Promise.resolve();
      const loading = load();
      early = loading;
      loading.then(
        (page) => {
          if (early === loading) loaded = page;
        },
        // Reported when the page renders (ChunkBoundary), not as an unhandled rejection now.
        () => {},
      );
      return loading;
    },
  };
}

export type TabKey = 'home' | 'exchange' | 'serve' | 'mine';

export interface RouteDef {
  /** Translation key of the page title. */
  titleKey: string;
  /** Tab pages use the custom navigation (top bar + tab bar); others a titled bar with back. */
  tab?: TabKey;
  component: LazyPage;
}

/**
 * Every page but Home reads the chain or talks to the wallet: its code loads together with the
 * wallet and chain code (Home's figures come from the API, so a first visit there needs neither).
 */
function withWallet(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return () => Promise.all([load(), loadWalletRuntime()]).then(([page]) => page);
}

// The standalone build (issue 18 §3) has no API: its Home leads to the chain pages, and the pages
// of the operator's indexed records say they need its server (texts of the later part: with wallet).
const Home = standalone
  ? lazyPage(withWallet(() => import('../features/standalone/StandaloneHomePage')))
  : lazyPage(() => import('../features/home/HomePage'));
const needsServer = lazyPage(withWallet(() => import('../features/standalone/NeedsServerPage')));

/** The spec's paths (§2), plus the transparency page. */
export const routes: Record<string, RouteDef> = {
  '/': { titleKey: 'nav.home', tab: 'home', component: Home },
  '/pages/index/index': { titleKey: 'nav.home', tab: 'home', component: Home },
  '/pages/exchange/exchange': {
    titleKey: 'nav.exchange',
    tab: 'exchange',
    component: lazyPage(withWallet(() => import('../features/exchange/ExchangePage'))),
  },
  '/pages/serve/serve': {
    titleKey: 'nav.serve',
    tab: 'serve',
    component: lazyPage(withWallet(() => import('../features/serve/ServePage'))),
  },
  '/pages/mine/mine': {
    titleKey: 'nav.mine',
    tab: 'mine',
    component: lazyPage(withWallet(() => import('../features/mine/MinePage'))),
  },
  '/pages/invite/invite': {
    titleKey: 'nav.invite',
    component: standalone
      ? needsServer
      : lazyPage(withWallet(() => import('../features/invite/InvitePage'))),
  },
  '/pages/teams/teams': {
    titleKey: 'nav.team',
    component: standalone
      ? needsServer
      : lazyPage(withWallet(() => import('../features/team/TeamPage'))),
  },
  '/pages/income/income': {
    titleKey: 'nav.income',
    component: standalone
      ? needsServer
      : lazyPage(withWallet(() => import('../features/income/IncomePage'))),
  },
  '/pages/activity/activity': {
    titleKey: 'nav.activity',
    component: standalone
      ? needsServer
      : lazyPage(withWallet(() => import('../features/activity/ActivityPage'))),
  },
  '/pages/withdraws/withdraws': {
    titleKey: 'nav.withdraws',
    component: standalone
      ? needsServer
      : lazyPage(withWallet(() => import('../features/withdraws/WithdrawsPage'))),
  },
  '/pages/records/records': {
    titleKey: 'nav.records',
    component: standalone
      ? needsServer
      : lazyPage(withWallet(() => import('../features/records/RecordsPage'))),
  },
  '/pages/notice/notice': {
    titleKey: 'nav.notice',
    component: standalone
      ? needsServer
      : lazyPage(withWallet(() => import('../features/notice/NoticePage'))),
  },
  '/pages/notice/details': {
    titleKey: 'nav.noticeDetails',
    component: standalone
      ? needsServer
      : lazyPage(withWallet(() => import('../features/notice/NoticeDetailsPage'))),
  },
  // Not in the spec: the public transparency page (issue 11 §3), linked from Home and Serve.
  '/pages/transparency/transparency': {
    titleKey: 'nav.transparency',
    component: lazyPage(withWallet(() => import('../features/transparency/TransparencyPage'))),
  },
  // Not in the spec: the user's own RPC URLs per network (issue 18 §2), linked from every page's
  // read-source note.
  '/pages/settings/rpc': {
    titleKey: 'nav.rpcSettings',
    component: lazyPage(withWallet(() => import('../features/settings/RpcSettingsPage'))),
  },
};

export const tabs: { key: TabKey; path: string; titleKey: string }[] = [
  { key: 'home', path: '/', titleKey: 'nav.home' },
  { key: 'exchange', path: '/pages/exchange/exchange', titleKey: 'nav.exchange' },
  { key: 'serve', path: '/pages/serve/serve', titleKey: 'nav.serve' },
  { key: 'mine', path: '/pages/mine/mine', titleKey: 'nav.mine' },
];
