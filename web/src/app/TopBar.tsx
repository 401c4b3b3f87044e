import { networkList, type NetworkKey } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import { WalletButton } from '../features/wallet/WalletButton';
import { changeLanguage, currentLanguage } from '../i18n';
import { languages, type LanguageCode } from '../i18n/languages';
import { useUnreadCount } from '../shared/data/unread';
import { useNetwork } from '../shared/network';
import { Dropdown } from '../shared/ui/Dropdown';
import { BellIcon, ChevronIcon, GlobeIcon } from '../shared/ui/icons';
import { LogoMark, NetworkIcon } from '../shared/ui/logos';
import { navigate } from './router';
import { loadWalletRuntime } from '../features/wallet/runtime/loadRuntime';

/** Custom navigation of the tab pages: logo, network, language, notices, wallet. */
export function TopBar() {
  const { t } = useTranslation();
  const network = useNetwork();
  const lang = currentLanguage();
  const unread = useUnreadCount();

  return (
    <header className="topbar">
      <a className="topbar__logo" href="#/" aria-label={t('app.name')}>
        <LogoMark />
        <span className="topbar__name" dir="auto">
          {t('app.name')}
        </span>
      </a>
      <div className="topbar__actions">
        <Dropdown<NetworkKey>
          title={t('topbar.selectNetwork')}
          testId="network-select"
          trigger={
            <>
              <NetworkIcon network={network.key} size={16} />
              <span data-testid="network-current">{network.label}</span>
              <ChevronIcon />
            </>
          }
          options={networkList.map((n) => ({
            value: n.key,
            label: n.label,
            icon: <NetworkIcon network={n.key} />,
          }))}
          value={network.key}
          onSelect={(key) =>
            void Promise.all([
              loadWalletRuntime(),
              import('../features/wallet/sign-in/session-actions'),
            ]).then(
              ([config, actions]) => actions.chooseNetwork(config, key),
              () => undefined,
            )
          }
        />
        <Dropdown<LanguageCode>
          title={t('topbar.selectLanguage')}
          testId="language-select"
          trigger={<GlobeIcon />}
          options={languages.map((l) => ({ value: l.code, label: l.name }))}
          value={lang}
          onSelect={(code) => {
            if (code !== lang) changeLanguage(code);
          }}
        />
        {/* Named by its content (not aria-label), so the name contains the visible count. */}
        <button
          type="button"
          className="topbar__button topbar__bell"
          data-testid="notice-bell"
          onClick={() => navigate('/pages/notice/notice')}
        >
          <BellIcon />
          <span className="visually-hidden">{t('nav.notice')}</span>
          {unread ? (
            <>
              <span className="badge-count" data-testid="unread-badge" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
              <span className="visually-hidden">{t('notice.unreadCount', { n: unread })}</span>
            </>
          ) : null}
        </button>
        <WalletButton />
      </div>
    </header>
  );
}
