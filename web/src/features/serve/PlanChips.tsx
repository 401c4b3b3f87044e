import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../shared/ui/loading';
import type { PlanView } from './useServeData';

/**
 * The plans as compact chips, one line (issue 24 §1): the term only, the chosen one filled. They
 * are native radio buttons, so arrow keys move between them and a screen reader announces "radio,
 * 2 of 3, checked"; the chosen plan's figures are in `PlanDetails`, under the Stake button.
 */
export function PlanChips(props: {
  plans: { data?: PlanView[]; isLoading: boolean; isError: boolean };
  chosen: PlanView | undefined;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const { plans, chosen, onChoose } = props;
  return (
    <fieldset className="plan-chips">
      <legend className="visually-hidden">{t('serve.plans')}</legend>
      {plans.isLoading ? <Skeleton label={t('loading.loading')} wide /> : null}
      {plans.isError ? <p className="muted">{t('serve.readFailed')}</p> : null}
      {plans.data && plans.data.length === 0 ? <p className="muted">{t('serve.noPlans')}</p> : null}
      {plans.data?.map((p) => (
        <label key={p.id} className="plan-chip" data-testid="plan-option">
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            checked={chosen?.id === p.id}
            disabled={!p.open}
            onChange={() => onChoose(p.id)}
          />
          <span className="plan-chip__face">
            {t('serve.termDays', { days: p.termDays })}
            {!p.open ? (
              <span className="plan-chip__ended">{t('serve.subscriptionEnded')}</span>
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
