import { useTranslation } from 'react-i18next';
import { TokenIcon } from '../../shared/ui/logos';
import { toInputAmount } from '../../shared/displayAmount';
import { USDC_SYMBOL } from '../../shared/tokens';
import { Amount } from '../../shared/ui/Amount';
import { AmountInput } from '../../shared/ui/AmountInput';
import { Skeleton } from '../../shared/ui/loading';
import { earningsNotes, earningsRows } from './Earnings';
import { PlanAnnual, PlanChips, PlanDetails } from './PlanCards';
import { formatDateTime } from '../../shared/format';
import type { SummaryRow } from '../tx';
import type { ServeState } from './useServeState';

/**
 * The Serve page's one action (issues 19 §2, 24 §1): plan chips, one big amount input with the
 * balance and Max, "You will receive" right under it, Stake, then the plan's details (coin a day,
 * room left, window, commissions, reserve, contract) behind an expander.
 */
export function StakeForm({
  serve,
  onStake,
  busy,
}: {
  serve: ServeState;
  onStake: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { deployment, balance, session, plan, earnings, decimals, rewardSymbol } = serve;
  const balanceShown =
    !session || !deployment ? (
      '--'
    ) : balance.data !== undefined ? (
      <Amount value={balance.data} token="usdc" hideUnit plain />
    ) : balance.isError ? (
      t('serve.readFailed')
    ) : (
      <Skeleton label={t('loading.loading')} />
    );
  const rows =
    earnings && plan && deployment
      ? earningsRows(t, serve.fmt, i18n.language, {
          earnings,
          termDays: plan.termDays,
          deployment,
          symbol: rewardSymbol,
          uplinesKnown: serve.uplines.data !== undefined,
        })
      : [];
  const row = (testId: string) => rows.find((r) => r.testId === testId);
  const valueOf = (r: SummaryRow | undefined) =>
    r?.amount ? <Amount value={r.amount.value} token={r.amount.token} /> : r?.value;
  const commissions = row('earn-commissions');
  return (
    <section className="card stake-form">
      <PlanChips plans={serve.plans} chosen={plan} onChoose={serve.choosePlan} />
      <AmountInput
        big
        label={t('serve.stakeQuantity')}
        value={serve.amountText}
        onChange={serve.setAmountText}
        decimals={decimals}
        placeholder={t('serve.stakePlaceholder', { amount: serve.minStakeText })}
        suffix={
          <>
            <TokenIcon symbol={USDC_SYMBOL} />
            {USDC_SYMBOL}
          </>
        }
        balance={
          // One left-to-right unit in Arabic too ('999,000 USDC', not 'USDC 999,000').
          <bdi dir="ltr">
            <span data-testid="wallet-balance">{balanceShown}</span> {USDC_SYMBOL}
          </bdi>
        }
        onMax={() => {
          if (balance.data !== undefined)
            serve.setAmountText(toInputAmount(balance.data, decimals));
        }}
      />
      {earnings && plan && deployment ? (
        // Issue 24 §1: what the contract guarantees leads (the principal back on a date, the coin
        // reserved now); today's value and the yearly equivalent follow, small and neutral.
        <div className="earnings" data-testid="stake-earnings" aria-live="polite">
          <h3 className="earnings__title">{t('serve.receive.title')}</h3>
          <dl className="receive-list">
            <div className="receive-list__row">
              <dt>
                {t('serve.receive.principalBack', {
                  amount: serve.fmt.withSymbol(serve.typedAmount ?? 0n, 'usdc'),
                })}
              </dt>
              <dd data-testid="earn-withdrawable">
                {formatDateTime(earnings.withdrawableAt, i18n.language)}
              </dd>
            </div>
            <div className="receive-list__row">
              <dt>{t('serve.receive.reservedNow')}</dt>
              <dd data-testid="earn-mining">{valueOf(row('earn-mining'))}</dd>
            </div>
          </dl>
          <p className="earnings__estimate muted small">
            <span>
              {t('serve.receive.worthToday')}{' '}
              <span data-testid="earn-value">{valueOf(row('earn-value'))}</span>
            </span>{' '}
            <PlanAnnual plan={plan} deployment={deployment} reserves={serve.reserves} />
          </p>
        </div>
      ) : null}
      <button type="button" className="button button--block" disabled={busy} onClick={onStake}>
        {t('serve.stakeNow')}
      </button>
      {deployment ? (
        <PlanDetails
          plan={plan}
          deployment={deployment}
          reserves={serve.reserves}
          symbol={rewardSymbol}
          notes={[
            t('serve.minimumHint', {
              amount:
                serve.minStake === undefined ? '…' : serve.fmt.withSymbol(serve.minStake, 'usdc'),
            }),
            ...earningsNotes(t, rewardSymbol),
          ]}
        >
          {commissions && earnings ? (
            <>
              <div className="summary__row">
                <dt>{commissions.label}</dt>
                <dd data-testid="earn-commissions">{commissions.value}</dd>
              </div>
              <div className="summary__row">
                <dt>{t('serve.receive.reserve')}</dt>
                <dd data-testid="earn-reserve">
                  <Amount value={earnings.reserve} token="reward" />
                </dd>
              </div>
            </>
          ) : null}
        </PlanDetails>
      ) : null}
      <p className="small">
        <a href="#/pages/transparency/transparency" data-testid="serve-transparency-link">
          {t('serve.transparencyLink')}
        </a>
      </p>
    </section>
  );
}
