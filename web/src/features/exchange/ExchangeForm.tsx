import type { ReactNode } from 'react';
import { TokenIcon } from '../../shared/ui/tokenLogos';
import { useTranslation } from 'react-i18next';
import { minusTolerance } from '../../shared/amount';
import { bpsToPercent } from '../../shared/format';
import { Amount } from '../../shared/ui/Amount';
import { AmountInput } from '../../shared/ui/AmountInput';
import { Skeleton } from '../../shared/ui/loading';
import { QueuedFeeNote } from '../../shared/ui/QueuedFeeNote';
import { rewardValueInUsdc } from '../../shared/tokens';
import { useNetworkFee } from '../../shared/useNetworkFee';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { exchangeFeeCall } from './exchangeFlow';
import type { ExchangeState } from './useExchangeState';
import { TOLERANCE_CHOICES_BPS } from './validation';

/**
 * The Exchange page's one action (issue 19 §2): one input (exchangeable balance and Max), "You
 * receive at least" under it, the fee and a queued change of it, the quote's parts and the slippage
 * tolerance behind an expander, and Exchange.
 */
export function ExchangeForm(props: {
  state: ExchangeState;
  accountValue: (value: bigint | undefined) => ReactNode;
  now: number;
  busy: boolean;
  onExchange: () => void;
}) {
  const { t } = useTranslation();
  const { state, accountValue, now, busy, onExchange } = props;
  const { shownQuote, toleranceBps, earned, symbol, rewardDecimals } = state;
  // Nothing to exchange: the button is off and says why (issue 11 §4); an empty quantity with
  // something to exchange keeps the spec's toast.
  const nothingToExchange = state.loggedIn && earned === 0n;
  // The network fee of the exchange the button would send: the quoted quantity with the guard
  // the summary would take from this quote.
  const { deployment, price } = state;
  const amountIn = state.quotable ? state.settledAmount : undefined;
  const minOut = shownQuote ? minusTolerance(shownQuote.netUsdc, toleranceBps) : undefined;
  const fee = useNetworkFee(
    state.network,
    deployment,
    state.user,
    deployment && amountIn !== undefined && minOut !== undefined && minOut > 0n
      ? exchangeFeeCall(deployment, amountIn, minOut)
      : undefined,
  );
  return (
    <section className="card exchange-form">
      <AmountInput
        big
        label={t('exchange.quantity')}
        value={state.amountText}
        onChange={state.setAmountText}
        decimals={rewardDecimals}
        placeholder={t('exchange.quantityPlaceholder')}
        suffix={
          <>
            <TokenIcon symbol={symbol} />
            {symbol}
          </>
        }
        balance={
          // One left-to-right unit in Arabic too ('999,000 USDC', not 'USDC 999,000').
          <bdi dir="ltr">
            <span data-testid="exchangeable-amount">{accountValue(earned)}</span>
            {state.loggedIn && earned !== undefined ? ` ${symbol}` : null}
          </bdi>
        }
        onMax={state.fillMax}
      />
      {shownQuote ? (
        <div className="receive" data-testid="exchange-quote">
          <span className="receive__label">{t('exchange.receiveAtLeast')}</span>
          <span className="receive__value" data-testid="quote-min">
            <Amount value={minusTolerance(shownQuote.netUsdc, toleranceBps)} token="usdc" />
          </span>
          <details className="receive__details">
            <summary>{t('exchange.quoteDetails')}</summary>
            <dl className="summary__list">
              <dt>{t('exchange.quote.gross')}</dt>
              <dd data-testid="quote-gross">
                <Amount value={shownQuote.grossUsdc} token="usdc" />
              </dd>
              <dt>{t('exchange.quote.fee', { rate: bpsToPercent(Number(shownQuote.feeBps)) })}</dt>
              <dd data-testid="quote-fee">
                <Amount value={shownQuote.fee} token="usdc" />
              </dd>
              <dt>{t('exchange.quote.net')}</dt>
              <dd data-testid="quote-net">
                <Amount value={shownQuote.netUsdc} token="usdc" />
              </dd>
              <dt>{t('exchange.quote.minReceived', { tolerance: bpsToPercent(toleranceBps) })}</dt>
              <dd>
                <Amount value={minusTolerance(shownQuote.netUsdc, toleranceBps)} token="usdc" />
              </dd>
            </dl>
            <div className="chips" role="radiogroup" aria-label={t('exchange.tolerance')}>
              <span className="muted small">{t('exchange.tolerance')}</span>
              {TOLERANCE_CHOICES_BPS.map((bps) => (
                <button
                  type="button"
                  role="radio"
                  key={bps}
                  aria-checked={toleranceBps === bps}
                  className={`chip${toleranceBps === bps ? ' is-active' : ''}`}
                  onClick={() => state.setToleranceBps(bps)}
                >
                  {bpsToPercent(bps)}%
                </button>
              ))}
            </div>
          </details>
        </div>
      ) : (
        <p className="muted small" data-testid="exchange-quote-hint">
          {state.quotable && state.quote.isLoading ? (
            <Skeleton label={t('loading.loading')} />
          ) : (
            t('exchange.quote.hint')
          )}
        </p>
      )}
      <QueuedFeeNote change={state.queuedFee} now={now} />
      <NetworkFeeLine
        state={fee}
        valueUsdc={
          amountIn !== undefined && price !== undefined
            ? rewardValueInUsdc(amountIn, price, rewardDecimals)
            : undefined
        }
      />
      <button
        type="button"
        className="button button--block"
        disabled={busy || nothingToExchange}
        aria-describedby={nothingToExchange ? 'nothing-to-exchange' : undefined}
        onClick={onExchange}
      >
        {t('exchange.submit')}
      </button>
      {nothingToExchange ? (
        <p className="muted small" id="nothing-to-exchange" data-testid="nothing-to-exchange">
          {t('exchange.nothingToExchange')}
        </p>
      ) : null}
    </section>
  );
}
