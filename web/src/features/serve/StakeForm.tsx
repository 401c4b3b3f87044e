import { useTranslation } from 'react-i18next';
import { TokenIcon } from '../../shared/ui/logos';
import { toInputAmount } from '../../shared/displayAmount';
import { USDC_SYMBOL } from '../../shared/tokens';
import { Address } from '../../shared/ui/Address';
import { Amount } from '../../shared/ui/Amount';
import { AmountInput } from '../../shared/ui/AmountInput';
import { Skeleton } from '../../shared/ui/loading';
import { earningsNotes, earningsRows } from './Earnings';
import { PlanCards } from './PlanCards';
import type { ServeState } from './useServeState';

/**
 * The Serve page's one action (issue 19 §2): the plan, one big amount input with the balance and
 * Max, "You will receive" right under it, the details (commissions, reserve, contract) behind an
 * expander, and Stake.
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
  const receive = rows.filter((row) => row.testId !== 'earn-commissions');
  const details = rows.filter((row) => row.testId === 'earn-commissions');
  return (
    <section className="card stake-form">
      <PlanCards
        plans={serve.plans}
        chosen={plan}
        onChoose={serve.choosePlan}
        deployment={deployment}
        reserves={serve.reserves}
        symbol={rewardSymbol}
      />
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
        <div className="earnings" data-testid="stake-earnings" aria-live="polite">
          <h3 className="earnings__title">{t('serve.receive.title')}</h3>
          <dl className="summary__list">
            {receive.map((row) => (
              <div key={row.label} className="summary__row">
                <dt>{row.label}</dt>
                <dd data-testid={row.testId}>{row.value}</dd>
              </div>
            ))}
          </dl>
          <details className="earnings__details">
            <summary>{t('serve.receive.details')}</summary>
            <dl className="summary__list">
              {details.map((row) => (
                <div key={row.label} className="summary__row">
                  <dt>{row.label}</dt>
                  <dd data-testid={row.testId}>{row.value}</dd>
                </div>
              ))}
              <div className="summary__row">
                <dt>{t('serve.receive.reserve')}</dt>
                <dd data-testid="earn-reserve">
                  <Amount value={earnings.reserve} token="reward" />
                </dd>
              </div>
              <div className="summary__row">
                <dt>{t('serve.summary.contract')}</dt>
                <dd>
                  <Address address={deployment.staking} />
                </dd>
              </div>
            </dl>
            <p className="muted small">
              {t('serve.minimumHint', {
                amount:
                  serve.minStake === undefined ? '…' : serve.fmt.withSymbol(serve.minStake, 'usdc'),
              })}
            </p>
            {earningsNotes(t, rewardSymbol).map((note) => (
              <p key={note} className="muted small">
                {note}
              </p>
            ))}
          </details>
        </div>
      ) : null}
      <button type="button" className="button button--block" disabled={busy} onClick={onStake}>
        {t('serve.stakeNow')}
      </button>
      <p className="small">
        <a href="#/pages/transparency/transparency" data-testid="serve-transparency-link">
          {t('serve.transparencyLink')}
        </a>
      </p>
    </section>
  );
}
