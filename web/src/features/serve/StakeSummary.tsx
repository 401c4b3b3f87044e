import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { formatAmount } from '../../shared/format';

/** DESIGN §1.7: what the user is about to sign, in plain words, before any wallet prompt. */
export function StakeSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  amount: bigint;
  termDays: number;
}) {
  const { t, i18n } = useTranslation();
  const { network, deployment, amount, termDays } = props;
  const decimals = deployment.usdcDecimals;
  const shown = `${formatAmount(amount, decimals, decimals, i18n.language)} USDC`;
  return (
    <div className="summary" data-testid="stake-summary">
      <p>{t('serve.summary.intro', { amount: shown, days: termDays })}</p>
      <dl className="summary__list">
        <dt>{t('serve.summary.contract')}</dt>
        <dd className="mono">{deployment.staking}</dd>
        <dt>{t('serve.summary.token')}</dt>
        <dd className="mono">{deployment.usdc}</dd>
        <dt>{t('serve.summary.network')}</dt>
        <dd>{network.label}</dd>
        <dt>{t('serve.summary.amount')}</dt>
        <dd>{shown}</dd>
      </dl>
      <p>
        {deployment.usdcHasPermit
          ? t('serve.summary.permitSteps', { amount: shown })
          : t('serve.summary.approveSteps', { amount: shown })}
      </p>
      <p className="muted">{t('serve.summary.exit', { days: termDays })}</p>
    </div>
  );
}

/** The same, for binding an upline. */
export function BindSummary(props: { deployment: ChainDeployment; upline: string }) {
  const { t } = useTranslation();
  return (
    <div className="summary" data-testid="bind-summary">
      <p>{t('bind.summary.intro')}</p>
      <dl className="summary__list">
        <dt>{t('serve.summary.contract')}</dt>
        <dd className="mono">{props.deployment.staking}</dd>
        <dt>{t('bind.inviteAddress')}</dt>
        <dd className="mono">{props.upline}</dd>
      </dl>
      <p className="muted">{t('bind.summary.permanent')}</p>
    </div>
  );
}
