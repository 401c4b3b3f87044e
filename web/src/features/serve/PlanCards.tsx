import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { bpsToPercent, formatDateTime } from '../../shared/format';
import { Address } from '../../shared/ui/Address';
import { Amount } from '../../shared/ui/Amount';
import { Skeleton } from '../../shared/ui/loading';
import { annualEquivalentBps, type Reserves } from './earnings';
import { PlanRate } from './Earnings';
import type { PlanView } from './useServeData';

/**
 * The plans as compact chips (a radio group), term only (issue 24 §1: the amount and the button
 * stay above the fold on a phone); what a plan pays, its room and window are in `PlanDetails`.
 */
export function PlanChips(props: {
  plans: { data?: PlanView[]; isLoading: boolean; isError: boolean };
  chosen: PlanView | undefined;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { plans, chosen, onChoose } = props;
  return (
    <div className="plan-picker">
      {plans.isLoading ? <Skeleton label={t('loading.loading')} wide /> : null}
      {plans.isError ? <p className="muted">{t('serve.readFailed')}</p> : null}
      {plans.data && plans.data.length === 0 ? <p className="muted">{t('serve.noPlans')}</p> : null}
      <div className="plan-chips" role="radiogroup" aria-label={t('serve.plans')}>
        {plans.data?.map((p) => (
          <button
            type="button"
            role="radio"
            aria-checked={chosen?.id === p.id}
            key={p.id}
            className={`plan-chip${chosen?.id === p.id ? ' is-active' : ''}`}
            data-testid="plan-option"
            disabled={!p.open}
            onClick={() => onChoose(p.id)}
          >
            {t('serve.termDays', { days: p.termDays })}
            {!p.open ? (
              <span className="plan-chip__ended"> · {t('serve.subscriptionEnded')}</span>
            ) : null}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The yearly equivalent of the chosen plan at today's pool price: an estimate, so small and
 * neutral (issue 24 §1), never the loudest line.
 */
export function PlanAnnual(props: {
  plan: PlanView;
  deployment: ChainDeployment;
  reserves: Reserves | undefined;
}) {
  const { t } = useTranslation();
  const { plan, deployment, reserves } = props;
  if (!reserves) return null;
  return (
    <span className="plan__annual muted small" data-testid="plan-annual">
      {t('serve.plan.annual', {
        percent: bpsToPercent(
          Number(annualEquivalentBps(plan.dailyRate, deployment.usdcDecimals, reserves)),
        ),
      })}
    </span>
  );
}

/**
 * The chosen plan's details behind one expander: coin a day for each 1,000 USDC (and its value
 * today), room left, the subscription window, then `children` (the stake's commissions and
 * reserve), the contract, and the notes.
 */
export function PlanDetails(props: {
  plan: PlanView | undefined;
  deployment: ChainDeployment;
  reserves: Reserves | undefined;
  symbol: string;
  children?: ReactNode;
  notes: string[];
}) {
  const { t, i18n } = useTranslation();
  const { plan, deployment, reserves, symbol, children, notes } = props;
  return (
    <details className="plan-details" data-testid="plan-details">
      <summary>{t('serve.planDetails')}</summary>
      {plan ? (
        <div className="plan-details__plan" data-testid="plan-facts">
          <PlanRate
            dailyRate={plan.dailyRate}
            deployment={deployment}
            reserves={reserves}
            symbol={symbol}
          />
          <span className="muted small" data-testid="plan-cap">
            {t('serve.plan.capLeft')}{' '}
            <Amount
              value={plan.cap > plan.totalStaked ? plan.cap - plan.totalStaked : 0n}
              token="usdc"
              plain
            />
          </span>
          <span className="muted small" data-testid="plan-window">
            {t('serve.plan.window', {
              from: formatDateTime(plan.opensAt, i18n.language),
              until: formatDateTime(plan.closesAt, i18n.language),
            })}
          </span>
          {!plan.open ? <span className="plan__ended">{t('serve.subscriptionEnded')}</span> : null}
        </div>
      ) : null}
      <dl className="summary__list">
        {children}
        <div className="summary__row">
          <dt>{t('serve.summary.contract')}</dt>
          <dd>
            <Address address={deployment.staking} />
          </dd>
        </div>
      </dl>
      {notes.map((note) => (
        <p key={note} className="muted small">
          {note}
        </p>
      ))}
    </details>
  );
}
