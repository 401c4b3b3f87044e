import { useTranslation } from 'react-i18next';
import { useExchangeList } from '../../shared/data/endpoints';
import type { ExchangeItem } from '../../shared/data/types';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { useTokenFormat } from '../../shared/tokens';
import { Card } from '../../shared/ui/Card';
import { ConnectPrompt, IndexedNote, RelativeTime, TxHash } from '../../shared/ui/DataViews';
import { PagedList } from '../../shared/ui/PagedList';

export default function RecordsPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const network = useNetwork();
  const list = useExchangeList();
  const fmt = useTokenFormat();
  if (!session) return <ConnectPrompt />;
  const totals = list.data?.pages[0]?.totals;
  return (
    <div className="records">
      {totals && totals.count > 0 ? (
        <Card title={t('records.totals')} testId="records-totals">
          <dl className="stats">
            <div className="stats__item">
              <dt>{t('records.count')}</dt>
              <dd>{new Intl.NumberFormat(i18n.language).format(totals.count)}</dd>
            </div>
            <div className="stats__item">
              <dt>{t('records.exchanged')}</dt>
              <dd>{fmt.withSymbol(totals.amountIn, 'reward')}</dd>
            </div>
            <div className="stats__item">
              <dt>{t('records.received')}</dt>
              <dd>{fmt.withSymbol(totals.netUsdc, 'usdc')}</dd>
            </div>
            <div className="stats__item">
              <dt>{t('records.fee')}</dt>
              <dd>{fmt.withSymbol(totals.fee, 'usdc')}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      <Card title={t('records.title')}>
        <PagedList<ExchangeItem>
          query={list}
          itemKey={(item) => item.id}
          label={t('records.title')}
          empty={t('records.empty')}
          renderItem={(item) => (
            <li className="row" data-testid="exchange-row">
              <div className="row__head">
                <span className="row__title" data-testid="exchange-swap">
                  {t('records.swap', {
                    amountIn: fmt.withSymbol(item.amountIn, 'reward'),
                    amountOut: fmt.withSymbol(item.netUsdc, 'usdc'),
                  })}
                </span>
              </div>
              <div className="row__meta muted small">
                <span>
                  {t('records.gross', { amount: fmt.withSymbol(item.grossUsdc, 'usdc') })}
                </span>
                <span>{t('records.feeLine', { amount: fmt.withSymbol(item.fee, 'usdc') })}</span>
                <RelativeTime iso={item.time} />
                <TxHash hash={item.txHash} network={network} />
              </div>
            </li>
          )}
        />
      </Card>
      <IndexedNote indexed={list.data?.pages[0]?.indexed} />
    </div>
  );
}
