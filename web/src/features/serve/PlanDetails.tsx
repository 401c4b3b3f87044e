import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { formatDateTime } from '../../shared/format';
import type { TokenFormat } from '../../shared/tokens';
import { Address } from '../../shared/ui/Address';
import { Amount } from '../../shared/ui/Amount';
import type { StakeEarnings } from './earnings';
import { earningsNotes, PlanRate } from './Earnings';
import type { Reserves } from './earnings';
import type { PlanView } from './useServeData';

/**
 * Everything about the chosen plan that is not the answer (issue 24 §1), behind one expander under
 * the Stake button: the coin a day for each 1,000 USDC, the room left, the subscription window,
 * the uplines' commissions and the reserve of the typed amount, the contract, the minimum and the
 * notes on what is fixed and what moves.
 */
export function PlanDetails(props: {
  plan: PlanView | undefined;
  deployment: ChainDeployment;
  reserves: Reserves | undefined;
  symbol: string;
  earnings: StakeEarnings | undefined;
  /** The commissions' row, as the summary before signing states it (earningsRows). */
  commissions: { label: string; value: ReactNode } | undefined;
  minStake: bigint | undefined;
  fmt: TokenFormat;
}) {
  const { t, i18n } = useTranslation();
  const { plan, deployment, reserves, symbol, earnings, commissions, minStake, fmt } = props;
  return (
    <details className="plan-details" data-testid="plan-details">
      <summary>{t('serve.planDetails')}</summary>
      {plan ? (
        <p className="plan-details__rate">
          <PlanRate
            dailyRate={plan.dailyRate}
            deployment={deployment}
            reserves={reserves}
            symbol={symbol}
          />
        </p>
      ) : null}
      {plan ? (
        <p className="plan-details__facts muted small">
          <span data-testid="plan-cap">
            {t('serve.plan.capLeft')}{' '}
            <Amount
              value={plan.cap > plan.totalStaked ? plan.cap - plan.totalStaked : 0n}
              token="usdc"
            />
          </span>
          <span data-testid="plan-window">{planWindow(t, plan, i18n.language)}</span>
        </p>
      ) : null}
      <dl className="summary__list">
        {commissions ? (
          <div className="summary__row">
            <dt>{commissions.label}</dt>
            <dd data-testid="earn-commissions">{commissions.value}</dd>
          </div>
        ) : null}
        {earnings ? (
          <div className="summary__row">
            <dt>{t('serve.receive.reserve')}</dt>
            <dd data-testid="earn-reserve">
              <Amount value={earnings.reserve} token="reward" />
            </dd>
          </div>
        ) : null}
        <div className="summary__row">
          <dt>{t('serve.summary.contract')}</dt>
          <dd>
            <Address address={deployment.staking} />
          </dd>
        </div>
      </dl>
      <p className="muted small">
        {t('serve.minimumHint', {
          amount: minStake === undefined ? '…' : fmt.withSymbol(minStake, 'usdc'),
        })}
      </p>
      {earningsNotes(t, symbol).map((note) => (
        <p key={note} className="muted small">
          {note}
        </p>
      ))}
    </details>
  );
}

function planWindow(t: TFunction, plan: PlanView, language: string): string {
  return t('serve.plan.window', {
    from: formatDateTime(plan.opensAt, language),
    until: formatDateTime(plan.closesAt, language),
  });
}
