import { useTranslation } from 'react-i18next';
import { useActivityList } from '../../shared/data/endpoints';
import type { ActivityItem } from '../../shared/data/types';
import { formatDateTime } from '../../shared/format';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { toBigInt, useTokenFormat, type TokenFormat } from '../../shared/tokens';
import { AddressText } from '../../shared/ui/AddressText';
import { ConnectPrompt, IndexedNote, RelativeTime, TxHash } from '../../shared/ui/DataViews';
import { Card } from '../../shared/ui/Card';
import { PagedList } from '../../shared/ui/PagedList';
import { activityDetails, stakeEndMs } from './details';

export default function ActivityPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useActivityList();
  const fmt = useTokenFormat();
  if (!session) return <ConnectPrompt />;
  return (
    <div className="records">
      <Card title={t('activity.title')}>
        <PagedList<ActivityItem>
          query={list}
          itemKey={(item) => item.id}
          label={t('activity.title')}
          empty={t('activity.empty')}
          renderItem={(item) => <ActivityRow item={item} fmt={fmt} />}
        />
      </Card>
      <IndexedNote indexed={list.data?.pages[0]?.indexed} />
    </div>
  );
}

function ActivityRow({ item, fmt }: { item: ActivityItem; fmt: TokenFormat }) {
  const { t, i18n } = useTranslation();
  const network = useNetwork();
  const end = stakeEndMs(item);
  const exchangeIn = item.type === 'exchange' ? item.detail?.amountIn : undefined;
  const exchangeFee = item.type === 'exchange' ? item.detail?.fee : undefined;
  return (
    <li className="row" data-testid="activity-row" data-type={item.type}>
      <div className="row__head">
        <span className="row__title">{t(`activity.type.${item.type}`)}</span>
        {item.amount !== null && item.token !== null ? (
          <span className="row__amount" data-testid="activity-amount">
            {fmt.withSymbol(item.amount, item.token)}
          </span>
        ) : null}
      </div>
      <div className="row__meta muted small">
        {activityDetails(item).map((line) => (
          <span key={line.key}>
            {t(line.key, line.values)}
            {line.address ? (
              <>
                {' '}
                <AddressText address={line.address} />
              </>
            ) : null}
          </span>
        ))}
        {end !== undefined ? (
          <span>
            {t('activity.detail.ends', { date: formatDateTime(end / 1000, i18n.language) })}
          </span>
        ) : null}
        {typeof exchangeIn === 'string' && toBigInt(exchangeIn) !== undefined ? (
          <span>
            {t('activity.detail.exchanged', { amount: fmt.withSymbol(exchangeIn, 'reward') })}
          </span>
        ) : null}
        {typeof exchangeFee === 'string' && toBigInt(exchangeFee) !== undefined ? (
          <span>{t('activity.detail.fee', { amount: fmt.withSymbol(exchangeFee, 'usdc') })}</span>
        ) : null}
        <RelativeTime iso={item.time} />
        <TxHash hash={item.txHash} network={network} />
      </div>
    </li>
  );
}
