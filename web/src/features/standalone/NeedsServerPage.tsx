import { useTranslation } from 'react-i18next';

/**
 * A page made from the operator's indexed records (income, team, invitations, notices, history),
 * in the standalone build (issue 18 §3): it says plainly that it needs the operator's server, and
 * where the chain's own figures and every exit are.
 */
export default function NeedsServerPage() {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="needs-server">
      <p>
        {t('standalone.needsServer', {
          serve: t('nav.serve'),
          exchange: t('nav.exchange'),
          mine: t('nav.mine'),
        })}
      </p>
    </section>
  );
}
