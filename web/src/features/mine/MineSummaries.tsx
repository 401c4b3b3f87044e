import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { useTokenFormat } from '../../shared/tokens';
import { TxSummary } from '../tx';

/** The writes of the Mine page: withdraw USDC, withdraw the reward coin, claim dividends. */
export type MineKind = 'withdraw' | 'withdrawCoin' | 'claim';

/** A plain summary of one Mine write, shown before the wallet opens. */
export function MineSummary(props: {
  kind: MineKind;
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: string;
  amount: bigint;
}) {
  const { t } = useTranslation();
  const { kind, network, deployment, user, amount } = props;
  // USDC, or the reward coin for 'withdrawCoin'; exact under "Everything the wallet will show".
  const token = kind === 'withdrawCoin' ? 'reward' : 'usdc';
  const shown = useTokenFormat().withSymbol(amount, token);
  return (
    <TxSummary
      testId={`${kind}-summary`}
      intro={t(`mine.summary.${kind}`, { amount: shown })}
      rows={[
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('serve.summary.amount'), amount, token, testId: 'summary-amount' },
        ...(kind === 'claim' ? [] : [{ label: t('mine.summary.to'), address: user }]),
      ]}
      notes={[t(`mine.summary.${kind}Note`)]}
    />
  );
}
