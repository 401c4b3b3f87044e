import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../../shared/contracts';
import { bpsToPercent, formatAmount } from '../../../shared/format';
import { TxSummary } from '../../../shared/tx/TxSummary';
import type { Purchase } from './membership';
import { amountWithSymbol, USDC_SYMBOL } from '../../../shared/tokens';

/** What a node / founder purchase or an upgrade does, where the money goes, what it earns. */
export function PurchaseSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  kind: Purchase;
  price: bigint;
  treasury: string;
  feeBps: bigint;
  ecologicalShareBps: bigint;
}) {
  const { t, i18n } = useTranslation();
  const { network, deployment, kind, price, treasury, feeBps, ecologicalShareBps } = props;
  const decimals = deployment.usdcDecimals;
  const shown = amountWithSymbol(
    formatAmount(price, decimals, decimals, i18n.language),
    USDC_SYMBOL,
    i18n.dir(),
  );
  const nodeShare = bpsToPercent(Number(ecologicalShareBps));
  const founderShare = bpsToPercent(10_000 - Number(ecologicalShareBps));
  const notes = [
    price > 0n ? t('nodes.summary.steps', { amount: shown }) : t('nodes.summary.noPayment'),
    kind === 'node'
      ? t('nodes.summary.nodeEarns', { share: nodeShare })
      : t('nodes.summary.founderEarns', { share: founderShare }),
    t('nodes.summary.final'),
  ];
  if (feeBps === 0n) notes.splice(2, 0, t('nodes.summary.feeZero'));
  return (
    <TxSummary
      testId="purchase-summary"
      intro={t(`nodes.summary.intro.${kind}`, { amount: shown })}
      rows={[
        { label: t('serve.summary.contract'), value: deployment.staking, mono: true },
        { label: t('serve.summary.token'), value: deployment.usdc, mono: true },
        { label: t('nodes.treasury'), value: treasury, mono: true, testId: 'summary-treasury' },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('nodes.price'), value: shown },
      ]}
      notes={notes}
    />
  );
}
