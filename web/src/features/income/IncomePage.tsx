import { useState } from 'react';
import { Amount } from '../../shared/ui/Amount';
import { useTranslation } from 'react-i18next';
import { useIncomeList } from '../../shared/data/lists';
import { incomeSources, type IncomeItem, type IncomeSource } from '../../shared/data/types';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { useTokenFormat } from '../../shared/tokens';
import { PairAmounts } from '../../shared/ui/Amounts';
import { Address } from '../../shared/ui/Address';
import {
  ConnectPrompt,
  ErrorState,
  IndexedNote,
  LoadingState,
  RelativeTime,
  TxHash,
} from '../../shared/ui/DataViews';
import { Card } from '../../shared/ui/Card';
import { PagedList } from '../../shared/ui/PagedList';
import { Tabs } from '../../shared/ui/Tabs';
import { DailyChart } from './DailyChart';
import './income.css';

type Filter = IncomeSource | 'all';
const filters: Filter[] = ['all', ...incomeSources];

export default function IncomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const network = useNetwork();
  const fmt = useTokenFormat();
  const [filter, setFilter] = useState<Filter>('all');
  const list = useIncomeList(filter);
  if (!session) return <ConnectPrompt />;
  const first = list.data?.pages[0];

  return (
    <div className="income">
      <DailyChart fmt={fmt} />
      <Card title={t('income.listTitle')}>
        <Tabs
          label={t('income.filter')}
          idPrefix="income-source"
          options={filters.map((f) => ({ value: f, label: t(`income.source.${f}`) }))}
          value={filter}
          onChange={setFilter}
        >
          {list.isPending ? <LoadingState /> : null}
          {list.isError && !list.data ? <ErrorState onRetry={() => list.refetch()} /> : null}
          {first ? (
            <dl className="stats" data-testid="income-sums">
              <div className="stats__item">
                <dt>{t('income.total')}</dt>
                <dd>
                  <PairAmounts pair={first.sums.total} fmt={fmt} testId="income-total" />
                </dd>
              </div>
              <div className="stats__item">
                <dt>{t('income.today')}</dt>
                <dd>
                  <PairAmounts pair={first.sums.today} fmt={fmt} testId="income-today" />
                </dd>
              </div>
            </dl>
          ) : null}
          {list.data ? (
            <PagedList<IncomeItem>
              query={list}
              itemKey={(item) => item.id}
              label={t('income.listTitle')}
              empty={filter === 'all' ? t('income.empty') : t('income.emptySource')}
              renderItem={(item) => (
                <li className="row" data-testid="income-row" data-source={item.source}>
                  <div className="row__head">
                    <span className="row__title">{t(`income.source.${item.source}`)}</span>
                    <span className="row__amount row__amount--in" data-testid="income-amount">
                      +<Amount value={item.amount} token={item.token} />
                    </span>
                  </div>
                  <div className="row__meta muted small">
                    {item.from && (item.source === 'referral' || item.source === 'team') ? (
                      <span>
                        {t('income.from')} <Address address={item.from} />
                      </span>
                    ) : null}
                    <RelativeTime iso={item.time} />
                    <TxHash hash={item.txHash} network={network} />
                  </div>
                </li>
              )}
            />
          ) : null}
        </Tabs>
        <p className="muted small">{t('income.todayIsUtc')}</p>
      </Card>
      <IndexedNote indexed={first?.indexed} />
    </div>
  );
}
