import { useTranslation } from 'react-i18next';
import { useWithdrawList } from '../../shared/data/endpoints';
import type { WithdrawItem } from '../../shared/data/types';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { useTokenFormat } from '../../shared/tokens';
import { Card } from '../../shared/ui/Card';
import { ConnectPrompt, IndexedNote, RelativeTime, TxHash } from '../../shared/ui/DataViews';
import { PagedList } from '../../shared/ui/PagedList';

export default function WithdrawsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const network = useNetwork();
  const list = useWithdrawList();
  const fmt = useTokenFormat();
  if (!session) return <ConnectPrompt />;
  return (
    <div className="records">
      <Card title={t('withdraws.title')}>
        <PagedList<WithdrawItem>
          query={list}
          itemKey={(item) => item.id}
          label={t('withdraws.title')}
          empty={t('withdraws.empty')}
          renderItem={(item) => (
            <li className="row" data-testid="withdraw-row" data-kind={item.kind}>
              <div className="row__head">
                <span className="row__title">{t(`withdraws.kind.${item.kind}`)}</span>
                <span className="row__amount" data-testid="withdraw-amount">
                  {fmt.withSymbol(item.amount, item.token)}
                </span>
              </div>
              <div className="row__meta muted small">
                <span>{t('withdraws.toWallet')}</span>
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
