import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { useStakingAccount } from '../../shared/chain/reads';
import { getDeployment } from '../../shared/contracts';
import { formatDateTime } from '../../shared/format';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { useTokenFormat } from '../../shared/tokens';
import { Amount } from '../../shared/ui/Amount';
import { Card } from '../../shared/ui/Card';
import { useNow } from '../../shared/ui/DataViews';
import { Skeleton } from '../../shared/ui/loading';
import { usePositions } from '../serve';
import { nextRelease } from './position';

/**
 * Issue 11 §4: the signed-in user's own position on Home and Mine, read from the chain like the
 * Serve and Mine pages do: principal in stake, mining accrued and not yet collected, the next
 * release, and Stake one tap away. Renders only with the wallet code loaded (wagmi's config).
 */
export default function MyPosition() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const network = useNetwork();
  const deployment = getDeployment(network.chainId);
  const user = session?.userAddress;
  const account = useStakingAccount(network, deployment, user);
  const positions = usePositions(network, deployment, user, undefined);
  const fmt = useTokenFormat();
  const now = useNow();
  if (!session || !deployment) return null;

  const lang = i18n.language;
  const loading = <Skeleton label={t('loading.loading')} />;
  const failed = t('serve.readFailed');
  const a = account.data;
  const next = positions.data ? nextRelease(positions.data, now / 1000) : undefined;

  return (
    <Card title={t('mine.position.title')} testId="my-position" className="my-position">
      <dl className="stats">
        <div className="stats__item">
          <dt>{t('mine.position.inStake')}</dt>
          <dd data-testid="my-position-stake">
            {a ? <Amount value={a.activeStake} token="usdc" /> : account.isError ? failed : loading}
          </dd>
        </div>
        <div className="stats__item">
          <dt>{t('mine.position.mining')}</dt>
          <dd data-testid="my-position-mining">
            {a ? (
              <Amount value={a.pendingMining} token="reward" />
            ) : account.isError ? (
              failed
            ) : (
              loading
            )}
          </dd>
        </div>
        <div className="stats__item stats__item--wide">
          <dt>{t('mine.position.nextRelease')}</dt>
          <dd data-testid="my-position-next">
            {positions.data
              ? next
                ? t('mine.position.nextReleaseValue', {
                    amount: fmt.withSymbol(next.amount, 'usdc'),
                    date: formatDateTime(next.endTime, lang),
                  })
                : t('mine.position.none')
              : positions.isError
                ? failed
                : loading}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--block"
        onClick={() => navigate('/pages/serve/serve')}
      >
        {t('mine.position.stake')}
      </button>
    </Card>
  );
}
