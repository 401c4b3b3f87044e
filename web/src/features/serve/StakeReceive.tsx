import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { bpsToPercent, formatDateTime } from '../../shared/format';
import { Amount } from '../../shared/ui/Amount';
import { annualEquivalentBps, type Reserves, type StakeEarnings } from './earnings';
import type { PlanView } from './useServeData';

/**
 * "You will receive" (issue 24 §1), guaranteed facts first: when the principal is withdrawable and
 * the coin the contract reserves for the stake now. Then, quietly, what that coin is worth today
 * and the yearly equivalent at today's price: estimates that move with the price, so small and in
 * the muted colour, never the loudest thing on the screen.
 */
export function StakeReceive(props: {
  earnings: StakeEarnings;
  plan: PlanView;
  deployment: ChainDeployment;
  reserves: Reserves | undefined;
  symbol: string;
}) {
  const { t, i18n } = useTranslation();
  const { earnings, plan, deployment, reserves, symbol } = props;
  return (
    <div className="earnings" data-testid="stake-earnings" aria-live="polite">
      <h3 className="earnings__title">{t('serve.receive.title')}</h3>
      <dl className="summary__list">
        <div className="summary__row">
          <dt>{t('serve.earn.withdrawableFrom')}</dt>
          <dd data-testid="earn-withdrawable">
            {formatDateTime(earnings.withdrawableAt, i18n.language)}
          </dd>
        </div>
        <div className="summary__row">
          <dt>{t('serve.receive.reservedNow', { days: plan.termDays })}</dt>
          <dd data-testid="earn-mining">
            <Amount value={earnings.mining} token="reward" />
          </dd>
        </div>
        <div className="summary__row earnings__estimate">
          <dt>{t('serve.earn.valueToday', { symbol })}</dt>
          <dd data-testid="earn-value">
            {earnings.miningValueToday !== undefined ? (
              <Amount value={earnings.miningValueToday} token="usdc" />
            ) : (
              t('serve.earn.noPrice')
            )}
          </dd>
        </div>
      </dl>
      {reserves ? (
        <p className="earnings__estimate" data-testid="earn-annual">
          {t('serve.plan.annual', {
            percent: bpsToPercent(
              Number(annualEquivalentBps(plan.dailyRate, deployment.usdcDecimals, reserves)),
            ),
          })}
        </p>
      ) : null}
    </div>
  );
}
