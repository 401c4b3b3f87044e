import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { bpsToPercent, formatDateTime } from '../../shared/format';
import { Amount } from '../../shared/ui/Amount';
import { Skeleton } from '../../shared/ui/loading';
import { annualEquivalentBps, type Reserves } from './earnings';
import { PlanRate } from './Earnings';
import type { PlanView } from './useServeData';

/**
 * The plans as cards to choose from (a radio group): term, coin per day for each 1,000 USDC, the
 * annual equivalent at today's price (labelled as moving with it), the cap left and the
 * subscription window.
 */
export function PlanCards(props: {
  plans: { data?: PlanView[]; isLoading: boolean; isError: boolean };
  chosen: PlanView | undefined;
  onChoose: (id: number) => void;
  deployment: ChainDeployment | undefined;
  reserves: Reserves | undefined;
  symbol: string;
}) {
  const { t, i18n } = useTranslation();
  const { plans, chosen, onChoose, deployment, reserves, symbol } = props;
  return (
    <div className="plan-picker">
      <h2 className="card__label">{t('serve.plans')}</h2>
      {plans.isLoading ? <Skeleton label={t('loading.loading')} wide /> : null}
      {plans.isError ? <p className="muted">{t('serve.readFailed')}</p> : null}
      {plans.data && plans.data.length === 0 ? <p className="muted">{t('serve.noPlans')}</p> : null}
      <div className="plan-list" role="radiogroup" aria-label={t('serve.plans')}>
        {plans.data?.map((p) => (
          <button
            type="button"
            role="radio"
            aria-checked={chosen?.id === p.id}
            key={p.id}
            className={`plan${chosen?.id === p.id ? ' is-active' : ''}`}
            data-testid="plan-option"
            disabled={!p.open}
            onClick={() => onChoose(p.id)}
          >
            <span className="plan__term">{t('serve.termDays', { days: p.termDays })}</span>
            {deployment && reserves ? (
              <span className="plan__annual" data-testid="plan-annual">
                {t('serve.plan.annual', {
                  percent: bpsToPercent(
                    Number(annualEquivalentBps(p.dailyRate, deployment.usdcDecimals, reserves)),
                  ),
                })}
              </span>
            ) : null}
            {deployment ? (
              <PlanRate
                dailyRate={p.dailyRate}
                deployment={deployment}
                reserves={reserves}
                symbol={symbol}
              />
            ) : null}
            <span className="plan__facts muted small">
              <span data-testid="plan-cap">
                {t('serve.plan.capLeft')}{' '}
                <Amount
                  value={p.cap > p.totalStaked ? p.cap - p.totalStaked : 0n}
                  token="usdc"
                  plain
                />
              </span>
              <span data-testid="plan-window">
                {t('serve.plan.window', {
                  from: formatDateTime(p.opensAt, i18n.language),
                  until: formatDateTime(p.closesAt, i18n.language),
                })}
              </span>
            </span>
            {!p.open ? <span className="plan__ended">{t('serve.subscriptionEnded')}</span> : null}
          </button>
        ))}
      </div>
    </div>
  );
}
