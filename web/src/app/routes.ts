import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type TabKey = 'home' | 'exchange' | 'serve' | 'mine';

export interface RouteDef {
  /** Translation key of the page title. */
  titleKey: string;
  /** Tab pages use the custom navigation (top bar + tab bar); others a titled bar with back. */
  tab?: TabKey;
  component: LazyExoticComponent<ComponentType>;
}

const Home = lazy(() => import('../features/home/HomePage'));

/** Exactly the spec's paths (§2). */
export const routes: Record<string, RouteDef> = {
  '/': { titleKey: 'nav.home', tab: 'home', component: Home },
  '/pages/index/index': { titleKey: 'nav.home', tab: 'home', component: Home },
  '/pages/exchange/exchange': {
    titleKey: 'nav.exchange',
    tab: 'exchange',
    component: lazy(() => import('../features/exchange/ExchangePage')),
  },
  '/pages/serve/serve': {
    titleKey: 'nav.serve',
    tab: 'serve',
    component: lazy(() => import('../features/serve/ServePage')),
  },
  '/pages/mine/mine': {
    titleKey: 'nav.mine',
    tab: 'mine',
    component: lazy(() => import('../features/mine/MinePage')),
  },
  '/pages/invite/invite': {
    titleKey: 'nav.invite',
    component: lazy(() => import('../features/invite/InvitePage')),
  },
  '/pages/teams/teams': {
    titleKey: 'nav.team',
    component: lazy(() => import('../features/team/TeamPage')),
  },
  '/pages/income/income': {
    titleKey: 'nav.income',
    component: lazy(() => import('../features/income/IncomePage')),
  },
  '/pages/activity/activity': {
    titleKey: 'nav.activity',
    component: lazy(() => import('../features/activity/ActivityPage')),
  },
  '/pages/withdraws/withdraws': {
    titleKey: 'nav.withdraws',
    component: lazy(() => import('../features/withdraws/WithdrawsPage')),
  },
  '/pages/records/records': {
    titleKey: 'nav.records',
    component: lazy(() => import('../features/records/RecordsPage')),
  },
  '/pages/notice/notice': {
    titleKey: 'nav.notice',
    component: lazy(() => import('../features/notice/NoticePage')),
  },
  '/pages/notice/details': {
    titleKey: 'nav.noticeDetails',
    component: lazy(() => import('../features/notice/NoticeDetailsPage')),
  },
};

export const tabs: { key: TabKey; path: string; titleKey: string }[] = [
  { key: 'home', path: '/', titleKey: 'nav.home' },
  { key: 'exchange', path: '/pages/exchange/exchange', titleKey: 'nav.exchange' },
  { key: 'serve', path: '/pages/serve/serve', titleKey: 'nav.serve' },
  { key: 'mine', path: '/pages/mine/mine', titleKey: 'nav.mine' },
];
