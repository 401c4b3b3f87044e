import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../../shared/contracts';
import { bpsToPercent } from '../../../shared/format';
import type { QueuedChange } from '../../../shared/chain/timelock';
import { queuedFeeText } from '../../../shared/ui/QueuedFeeNote';
import type { Address } from 'viem';
import { contractCall } from '../../../shared/contracts';
import { NetworkFeeLine } from '../../../shared/ui/NetworkFeeLine';
import { TxSummary, usePaymentFee } from '../../tx';
import { purchaseFunction, type Purchase } from './membership';
import { useTokenFormat } from '../../../shared/tokens';

/**
 * What a node / founder purchase or an upgrade does, where the money goes, what it earns, and its
 * network fee (with the exact approval before it when still needed) before the wallet opens.
 */
export function PurchaseSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
  kind: Purchase;
  price: bigint;
  treasury: string;
  feeBps: bigint;
  ecologicalShareBps: bigint;
  /** A fee change waiting in the timelock: dividends come from fees, so the buyer is told. */
  queuedFee?: QueuedChange;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const { network, deployment, kind, price, treasury, feeBps, ecologicalShareBps } = props;
  const fmt = useTokenFormat();
  const shown = fmt.withSymbol(price, 'usdc');
  const nodeShare = bpsToPercent(Number(ecologicalShareBps));
  const founderShare = bpsToPercent(10_000 - Number(ecologicalShareBps));
  const notes = [
    price > 0n
      ? t('nodes.summary.steps', { amount: fmt.exactWithSymbol(price, 'usdc') })
      : t('nodes.summary.noPayment'),
    kind === 'node'
      ? t('nodes.summary.nodeEarns', { share: nodeShare })
      : t('nodes.summary.founderEarns', { share: founderShare }),
    t('nodes.summary.final'),
  ];
  if (feeBps === 0n) notes.splice(2, 0, t('nodes.summary.feeZero'));
  const queued = queuedFeeText(t, i18n.language, props.queuedFee, props.now);
  if (queued) notes.splice(notes.length - 1, 0, queued);
  const fee = usePaymentFee(network, deployment, props.user, {
    key: [kind, price.toString()],
    call: contractCall(deployment, {
      contract: 'staking',
      functionName: purchaseFunction[kind],
      args: [price],
    }),
    amount: price,
  });
  return (
    <TxSummary
      testId="purchase-summary"
      intro={t(`nodes.summary.intro.${kind}`, { amount: shown })}
      rows={[
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('serve.summary.token'), address: deployment.usdc },
        { label: t('nodes.treasury'), address: treasury, testId: 'summary-treasury' },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('nodes.price'), amount: price, token: 'usdc' },
      ]}
      notes={notes}
      // An upgrade with nothing to pay is still a transaction: it has a fee too.
      fee={<NetworkFeeLine state={fee} />}
    />
  );
}
