import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A lazily loaded page that can be loaded again: React.lazy keeps a failed import forever, so
 * Retry (after a failed chunk load) makes a new lazy component that imports once more.
 */
export interface LazyPage {
  get(): LazyExoticComponent<ComponentType>;
  reset(): void;
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let current: LazyExoticComponent<ComponentType> | undefined;
  return {
    get: () => (current ??= lazy(load)),
    reset: () => {
      current = undefined;
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

const Home = lazyPage(() => import('../features/home/HomePage'));

/** Exactly the spec's paths (§2). */
export const routes: Record<string, RouteDef> = {
  '/': { titleKey: 'nav.home', tab: 'home', component: Home },
  '/pages/index/index': { titleKey: 'nav.home', tab: 'home', component: Home },
  '/pages/exchange/exchange': {
    titleKey: 'nav.exchange',
    tab: 'exchange',
    component: lazyPage(() => import('../features/exchange/ExchangePage')),
  },
  '/pages/serve/serve': {
    titleKey: 'nav.serve',
    tab: 'serve',
    component: lazyPage(() => import('../features/serve/ServePage')),
  },
  '/pages/mine/mine': {
    titleKey: 'nav.mine',
    tab: 'mine',
    component: lazyPage(() => import('../features/mine/MinePage')),
  },
  '/pages/invite/invite': {
    titleKey: 'nav.invite',
    component: lazyPage(() => import('../features/invite/InvitePage')),
  },
  '/pages/teams/teams': {
    titleKey: 'nav.team',
    component: lazyPage(() => import('../features/team/TeamPage')),
  },
  '/pages/income/income': {
    titleKey: 'nav.income',
    component: lazyPage(() => import('../features/income/IncomePage')),
  },
  '/pages/activity/activity': {
    titleKey: 'nav.activity',
    component: lazyPage(() => import('../features/activity/ActivityPage')),
  },
  '/pages/withdraws/withdraws': {
    titleKey: 'nav.withdraws',
    component: lazyPage(() => import('../features/withdraws/WithdrawsPage')),
  },
  '/pages/records/records': {
    titleKey: 'nav.records',
    component: lazyPage(() => import('../features/records/RecordsPage')),
  },
  '/pages/notice/notice': {
    titleKey: 'nav.notice',
    component: lazyPage(() => import('../features/notice/NoticePage')),
  },
  '/pages/notice/details': {
    titleKey: 'nav.noticeDetails',
    component: lazyPage(() => import('../features/notice/NoticeDetailsPage')),
  },
};

export const tabs: { key: TabKey; path: string; titleKey: string }[] = [
  { key: 'home', path: '/', titleKey: 'nav.home' },
  { key: 'exchange', path: '/pages/exchange/exchange', titleKey: 'nav.exchange' },
  { key: 'serve', path: '/pages/serve/serve', titleKey: 'nav.serve' },
  { key: 'mine', path: '/pages/mine/mine', titleKey: 'nav.mine' },
];
