import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { exitGuideHref } from '../../shared/deployment';
import { LinkList } from '../../shared/ui/LinkList';

/** Where a user goes in the standalone build: the pages that work from the chain alone. */
const chainPages = [
  { path: '/pages/serve/serve', titleKey: 'nav.serve' },
  { path: '/pages/exchange/exchange', titleKey: 'nav.exchange' },
  { path: '/pages/mine/mine', titleKey: 'nav.mine' },
  { path: '/pages/transparency/transparency', titleKey: 'nav.transparency' },
  { path: '/pages/settings/rpc', titleKey: 'nav.rpcSettings' },
];

/**
 * Home of the standalone build (issue 18 §3): the operator's home figures come from its server,
 * which this build does not use; it says so and leads to the pages that read the chain alone.
 */
export default function StandaloneHomePage() {
  const { t } = useTranslation();
  return (
    <div className="standalone-home">
      <section className="card" data-testid="standalone-intro">
        <p>{t('standalone.intro')}</p>
        <p className="small muted">{t('standalone.rpcFirst')}</p>
        <p>
          <a href={exitGuideHref} target="_blank" rel="noreferrer" data-testid="exit-guide-link">
            {t('standalone.exitGuide')}
          </a>
        </p>
      </section>
      <LinkList label={t('nav.home')} links={chainPages} onOpen={navigate} />
    </div>
  );
}
