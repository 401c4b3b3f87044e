import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExchangeIcon, HomeIcon, MineIcon, ServeIcon } from '../shared/ui/icons';
import { switchTab } from './router';
import { tabs, type TabKey } from './routes';

const icons: Record<TabKey, ReactNode> = {
  home: <HomeIcon />,
  exchange: <ExchangeIcon />,
  serve: <ServeIcon />,
  mine: <MineIcon />,
};

export function TabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('nav.tabs')}>
      {tabs.map((tab) => (
        <button
          type="button"
          key={tab.key}
          className={`tabbar__item${tab.key === active ? ' is-active' : ''}`}
          aria-current={tab.key === active ? 'page' : undefined}
          onClick={() => switchTab(tab.path)}
        >
          {icons[tab.key]}
          <span>{t(tab.titleKey)}</span>
        </button>
      ))}
    </nav>
  );
}
