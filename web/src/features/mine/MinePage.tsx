import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { ComingSoon } from '../../shared/ui/Placeholder';

const links = [
  { path: '/pages/invite/invite', titleKey: 'nav.invite' },
  { path: '/pages/teams/teams', titleKey: 'nav.team' },
  { path: '/pages/income/income', titleKey: 'nav.income' },
  { path: '/pages/activity/activity', titleKey: 'nav.activity' },
  { path: '/pages/withdraws/withdraws', titleKey: 'nav.withdraws' },
  { path: '/pages/records/records', titleKey: 'nav.records' },
  { path: '/pages/notice/notice', titleKey: 'nav.notice' },
];

export default function MinePage() {
  const { t } = useTranslation();
  return (
    <>
      <ComingSoon titleKey="nav.mine" />
      <nav className="card link-list" aria-label={t('nav.mine')}>
        {links.map((link) => (
          <button
            type="button"
            key={link.path}
            className="link-list__item"
            onClick={() => navigate(link.path)}
          >
            <span>{t(link.titleKey)}</span>
            <span aria-hidden="true" className="flip-rtl">
              ›
            </span>
          </button>
        ))}
      </nav>
    </>
  );
}
