import { useTranslation } from 'react-i18next';
import { Amount } from '../../shared/ui/Amount';
import { useActivityList } from '../../shared/data/lists';
import type { ActivityItem } from '../../shared/data/types';
import { formatDateTime } from '../../shared/format';
import { toBigInt, useTokenFormat, type TokenFormat } from '../../shared/tokens';
import { Address } from '../../shared/ui/Address';
import { RecordList, RecordRow } from '../../shared/ui/RecordList';
import { activityDetails, stakeEndMs } from './details';

export default function ActivityPage() {
  const { t } = useTranslation();
  const list = useActivityList();
  const fmt = useTokenFormat();
  return (
    <RecordList
      query={list}
      title={t('activity.title')}
      empty={t('activity.empty')}
      renderItem={(item) => <ActivityRow item={item} fmt={fmt} />}
    />
  );
}

function ActivityRow({ item, fmt }: { item: ActivityItem; fmt: TokenFormat }) {
  const { t, i18n } = useTranslation();
  const end = stakeEndMs(item);
  const exchangeIn = item.type === 'exchange' ? item.detail?.amountIn : undefined;
  const exchangeFee = item.type === 'exchange' ? item.detail?.fee : undefined;
  return (
    <RecordRow
      testId="activity-row"
      data={{ 'data-type': item.type }}
      title={<span className="row__title">{t(`activity.type.${item.type}`)}</span>}
      amount={
        item.amount !== null && item.token !== null ? (
          <span className="row__amount" data-testid="activity-amount">
            <Amount value={item.amount} token={item.token} />
          </span>
        ) : null
      }
      time={item.time}
      txHash={item.txHash}
    >
      {activityDetails(item).map((line) => (
        <span key={line.key}>
          {t(
            line.key,
            line.dateMs === undefined
              ? line.values
              : { ...line.values, date: formatDateTime(line.dateMs / 1000, i18n.language) },
          )}
          {line.address ? (
            <>
              {' '}
              <Address address={line.address} />
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
    </RecordRow>
  );
}
