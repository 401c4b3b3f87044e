import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import type { ChainDeployment } from '../../shared/contracts';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { useNetworkFee } from '../../shared/useNetworkFee';
import { TxSummary, usePaymentFee } from '../tx';
import type { StakeEarnings } from './earnings';
import { earningsNotes, earningsRows } from './Earnings';
import { stakePayment, withdrawPrincipalCall } from './stakeFlow';
import { useTokenFormat } from '../../shared/tokens';

/**
 * docs/TRUST.md rule 7: what the user is about to sign, in plain words, before any wallet prompt,
 * and its network fee (with the exact approval when still needed). The form shows the same figure
 * above Stake; here it is also the first one a user sees who had to bind an invitation first (the
 * form could not estimate a stake the chain would have refused).
 */
export function StakeSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
  planId: number;
  amount: bigint;
  termDays: number;
  earnings: StakeEarnings;
  symbol: string;
  uplinesKnown: boolean;
  /** Whether the stake signs a permit rather than an approval (stakeFlow.usesPermit). */
  permit: boolean;
}) {
  const { t } = useTranslation();
  const { network, deployment, amount, termDays, earnings, symbol, uplinesKnown, permit } = props;
  const fmt = useTokenFormat();
  const shown = fmt.withSymbol(amount, 'usdc');
  // The steps say "exactly": they name the approved amount to the last unit.
  const exact = fmt.exactWithSymbol(amount, 'usdc');
  const fee = usePaymentFee(
    network,
    deployment,
    props.user,
    stakePayment(deployment, props.planId, amount),
  );
  return (
    <TxSummary
      testId="stake-summary"
      intro={t('serve.summary.intro', { amount: shown, days: termDays })}
      rows={[
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('serve.summary.token'), address: deployment.usdc },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('serve.summary.amount'), amount, token: 'usdc' },
        ...earningsRows(t, fmt, {
          earnings,
          termDays,
          deployment,
          symbol,
          uplinesKnown,
        }).map((row) => ({ ...row, testId: row.testId && `summary-${row.testId}` })),
      ]}
      notes={[
        ...earningsNotes(t, symbol),
        permit
          ? t('serve.summary.permitSteps', { amount: exact })
          : t('serve.summary.approveSteps', { amount: exact }),
        t('serve.summary.exit', { days: termDays }),
      ]}
      fee={<NetworkFeeLine state={fee} />}
    />
  );
}

/** The same, for binding an upline. */
export function BindSummary(props: { deployment: ChainDeployment; upline: string }) {
  const { t } = useTranslation();
  return (
    <TxSummary
      testId="bind-summary"
      intro={t('bind.summary.intro')}
      rows={[
        { label: t('serve.summary.contract'), address: props.deployment.staking },
        { label: t('bind.inviteAddress'), address: props.upline },
      ]}
      notes={[t('bind.summary.permanent')]}
    />
  );
}

/**
 * The same, for taking a position's principal out (after its term, or early while paused), with
 * the network fee of that exact withdrawPrincipal(id).
 */
export function WithdrawPrincipalSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
  positionId: number;
  amount: bigint;
  early: boolean;
}) {
  const { t } = useTranslation();
  const { network, deployment, user, positionId, amount, early } = props;
  const shown = useTokenFormat().withSymbol(amount, 'usdc');
  const fee = useNetworkFee(network, deployment, user, {
    key: ['withdrawPrincipal', positionId],
    build: () => withdrawPrincipalCall(deployment, positionId),
  });
  return (
    <TxSummary
      testId="withdraw-principal-summary"
      intro={t('serve.principal.summary', { amount: shown })}
      rows={[
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('serve.summary.amount'), amount, token: 'usdc' },
      ]}
      notes={[early ? t('serve.principal.pausedNote') : t('serve.principal.finishedNote')]}
      fee={<NetworkFeeLine state={fee} valueUsdc={amount} />}
    />
  );
}
