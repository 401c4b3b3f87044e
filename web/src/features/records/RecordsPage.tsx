import { useTranslation } from 'react-i18next';
import { Amount } from '../../shared/ui/Amount';
import { countFormat } from '../../shared/displayAmount';
import { useExchangeList } from '../../shared/data/lists';
import { useTokenFormat } from '../../shared/tokens';
import { Card } from '../../shared/ui/Card';
import { RecordList, RecordRow } from '../../shared/ui/RecordList';

export default function RecordsPage() {
  const { t, i18n } = useTranslation();
  const list = useExchangeList();
  const fmt = useTokenFormat();
  const totals = list.data?.pages[0]?.totals;
  const totalsCard =
    totals && totals.count > 0 ? (
      <Card title={t('records.totals')} testId="records-totals">
        <dl className="stats">
          <div className="stats__item">
            <dt>{t('records.count')}</dt>
            <dd>{countFormat(i18n.language).format(totals.count)}</dd>
          </div>
          <div className="stats__item">
            <dt>{t('records.exchanged')}</dt>
            <dd>
              <Amount value={totals.amountIn} token="reward" />
            </dd>
          </div>
          <div className="stats__item">
            <dt>{t('records.received')}</dt>
            <dd>
              <Amount value={totals.netUsdc} token="usdc" />
            </dd>
          </div>
          <div className="stats__item">
            <dt>{t('records.fee')}</dt>
            <dd>
              <Amount value={totals.fee} token="usdc" />
            </dd>
          </div>
        </dl>
      </Card>
    ) : null;
  return (
    <RecordList
      query={list}
      before={totalsCard}
      title={t('records.title')}
      empty={t('records.empty')}
      renderItem={(item) => (
        <RecordRow
          testId="exchange-row"
          title={
            <span className="row__title" data-testid="exchange-swap">
              {t('records.swap', {
                amountIn: fmt.withSymbol(item.amountIn, 'reward'),
                amountOut: fmt.withSymbol(item.netUsdc, 'usdc'),
              })}
            </span>
          }
          time={item.time}
          txHash={item.txHash}
        >
          <span>{t('records.gross', { amount: fmt.withSymbol(item.grossUsdc, 'usdc') })}</span>
          <span>{t('records.feeLine', { amount: fmt.withSymbol(item.fee, 'usdc') })}</span>
        </RecordRow>
      )}
    />
  );
}
