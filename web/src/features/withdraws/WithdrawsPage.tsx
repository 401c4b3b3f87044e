import { useTranslation } from 'react-i18next';
import { Amount } from '../../shared/ui/Amount';
import { useWithdrawList } from '../../shared/data/lists';
import { RecordList, RecordRow } from '../../shared/ui/RecordList';

export default function WithdrawsPage() {
  const { t } = useTranslation();
  const list = useWithdrawList();
  return (
    <RecordList
      query={list}
      title={t('withdraws.title')}
      empty={t('withdraws.empty')}
      renderItem={(item) => (
        <RecordRow
          testId="withdraw-row"
          data={{ 'data-kind': item.kind }}
          title={<span className="row__title">{t(`withdraws.kind.${item.kind}`)}</span>}
          amount={
            <span className="row__amount" data-testid="withdraw-amount">
              <Amount value={item.amount} token={item.token} />
            </span>
          }
          time={item.time}
          txHash={item.txHash}
        >
          <span>{t('withdraws.toWallet')}</span>
        </RecordRow>
      )}
    />
  );
}
