import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from 'wagmi';
import { minusTolerance, parseAmountText } from '../../shared/amount';
import { publicClientFor } from '../../shared/chain/client';
import { coinPriceInUsdc } from '../../shared/chain/pool';
import {
  chainKeys,
  usePoolReserves,
  useStakingAccount,
  useStakingValues,
} from '../../shared/chain/reads';
import { getDeployment } from '../../shared/contracts';
import { amountWithSymbol, USDC_SYMBOL, useRewardSymbol } from '../../shared/tokens';
import { bpsToPercent, formatAmount, toInputAmount } from '../../shared/format';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { exclusive, useTxBusy } from '../../shared/tx/progress';
import { useTx } from '../../shared/tx/useTx';
import { AmountInput } from '../../shared/ui/AmountInput';
import { AmountUnit, Formula } from '../../shared/ui/Amounts';
import { Card } from '../../shared/ui/Card';
import { hideLoading, showLoading, Skeleton } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { useDebounced } from '../../shared/useDebounced';
import { ExchangeFaq } from './ExchangeFaq';
import {
  exchangeSteps,
  harvestSteps,
  positionsToHarvest,
  readQuote,
  type ExchangeQuote,
} from './exchangeFlow';
import { ExchangeSummary, HarvestSummary } from './ExchangeSummary';
import {
  DEFAULT_TOLERANCE_BPS,
  feeRule,
  freeExchangesLeft,
  TOLERANCE_CHOICES_BPS,
  validateExchangeAmount,
} from './validation';
import { InfoNote } from '../../shared/ui/InfoNote';
import './exchange.css';

export default function ExchangePage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const network = useNetwork();
  const deployment = getDeployment(network.chainId);
  const user = session?.userAddress;
  const runTx = useTx();
  const busy = useTxBusy();

  const account = useStakingAccount(network, deployment, user);
  const pool = usePoolReserves(network, deployment);
  const rewardSymbol = useRewardSymbol(network, deployment);
  const params = useStakingValues(network, deployment, [
    'feeBps',
    'MAX_FEE_BPS',
    'FREE_EXCHANGES',
    'FEE_FREE_LEVEL',
  ]);

  const [amountText, setAmountText] = useState('');
  const [toleranceBps, setToleranceBps] = useState(DEFAULT_TOLERANCE_BPS);

  const symbol = rewardSymbol ?? t('list.rewardCoin');
  const rewardDecimals = deployment?.rewardTokenDecimals ?? 18;
  const usdcDecimals = deployment?.usdcDecimals ?? 6;
  const lang = i18n.language;
  const coin = (value: bigint, digits = 8) => formatAmount(value, rewardDecimals, digits, lang);
  const usdc = (value: bigint, digits = 6) => formatAmount(value, usdcDecimals, digits, lang);

  // The quote follows the typed quantity once it settles, while it is a valid exchange.
  const settledText = useDebounced(amountText);
  const settledAmount = parseAmountText(settledText, rewardDecimals);
  const earned = account.data?.earned;
  const quotable =
    settledAmount !== undefined &&
    settledAmount > 0n &&
    earned !== undefined &&
    settledAmount <= earned;
  const quote = useQuery({
    queryKey: [...chainKeys.account(network.chainId, user), 'quote', settledAmount?.toString()],
    enabled: Boolean(deployment && user && quotable),
    refetchInterval: 15_000,
    queryFn: () =>
      readQuote(publicClientFor(config, network.chainId), deployment!, user!, settledAmount!),
  });
  const shownQuote = quotable ? quote.data : undefined;

  const onCollect = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || !account.data) return toast(t('toast.queryFailed'));
      showLoading(t('loading.querying'));
      let ids: bigint[];
      try {
        ids = await positionsToHarvest(publicClientFor(config, network.chainId), deployment, user);
      } catch {
        hideLoading();
        return toast(t('toast.queryFailed'));
      }
      hideLoading();
      if (ids.length === 0 || account.data.pendingMining === 0n)
        return toast(t('exchange.nothingToCollect'));
      await runTx({
        network,
        user,
        summary: (
          <HarvestSummary
            network={network}
            deployment={deployment}
            symbol={symbol}
            pending={account.data.pendingMining}
            positions={ids.length}
          />
        ),
        success: 'toast.txSucceeded',
        failure: 'toast.txFailed',
        steps: (tx) => harvestSteps(tx, deployment, ids),
      });
    });

  const onExchange = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || earned === undefined) return toast(t('toast.queryFailed'));
      const validation = validateExchangeAmount(amountText, rewardDecimals, earned);
      if (!validation.ok) return toast(t(validation.errorKey));
      // The summary shows a fresh quote, and the guard is taken from it.
      showLoading(t('loading.querying'));
      let fresh: ExchangeQuote;
      try {
        fresh = await readQuote(
          publicClientFor(config, network.chainId),
          deployment,
          user,
          validation.amount,
        );
      } catch {
        hideLoading();
        return toast(t('toast.queryFailed'));
      }
      hideLoading();
      if (fresh.netUsdc === 0n) return toast(t('exchange.errors.tooSmall'));
      const minUsdcOut = minusTolerance(fresh.netUsdc, toleranceBps);
      const done = await runTx({
        network,
        user,
        summary: (
          <ExchangeSummary
            network={network}
            deployment={deployment}
            symbol={symbol}
            amountIn={validation.amount}
            quote={fresh}
            minUsdcOut={minUsdcOut}
            toleranceBps={toleranceBps}
          />
        ),
        success: 'toast.txSucceeded',
        failure: 'toast.txFailed',
        steps: (tx) => exchangeSteps(tx, deployment, validation.amount, minUsdcOut),
      });
      if (done) setAmountText('');
    });

  const loggedIn = session !== null && deployment !== undefined;
  const accountValue = (value: bigint | undefined, format: (v: bigint) => string): ReactNode =>
    !loggedIn ? (
      t('exchange.signInToSee')
    ) : value !== undefined ? (
      format(value)
    ) : account.isError ? (
      t('serve.readFailed')
    ) : (
      <Skeleton label={t('loading.loading')} />
    );
  // Nothing to exchange: the button is off and says why (issue 11 §4); an empty quantity with
  // something to exchange keeps the spec's toast.
  const nothingToExchange = loggedIn && earned === 0n;

  const price =
    pool.data && deployment
      ? coinPriceInUsdc(pool.data, deployment.rewardTokenDecimals)
      : undefined;
  const p = params.data;
  const rule =
    p && account.data
      ? feeRule({
          exchangeCount: account.data.exchangeCount,
          freeExchanges: p.FREE_EXCHANGES,
          level: account.data.level,
          feeFreeLevel: p.FEE_FREE_LEVEL,
          feeBps: p.feeBps,
        })
      : undefined;

  if (!deployment)
    return (
      <section className="card">
        <p>{t('serve.notDeployed', { network: network.label })}</p>
      </section>
    );

  return (
    <div className="exchange">
      <section className="card" aria-labelledby="ratio-title">
        <h2 className="card__label" id="ratio-title">
          {t('exchange.ratio')}
        </h2>
        <p className="balance-card__value" data-testid="exchange-ratio">
          {price !== undefined && rewardSymbol !== undefined ? (
            <Formula>{t('exchange.ratioValue', { symbol, price: usdc(price, 2) })}</Formula>
          ) : pool.isLoading ? (
            <Skeleton label={t('loading.loading')} wide />
          ) : pool.isError ? (
            t('serve.readFailed')
          ) : (
            t('exchange.noPrice')
          )}
        </p>
        <p className="muted small">
          {t('exchange.ratioSource', { symbol, network: network.label })}
        </p>
      </section>

      <section className="card" aria-labelledby="exchangeable-title">
        <h2 className="card__label" id="exchangeable-title">
          {t('exchange.exchangeable')}
        </h2>
        <p className="balance-card__value">
          <AmountUnit>
            <span data-testid="exchangeable-amount">{accountValue(earned, (v) => coin(v))}</span>
            {loggedIn && earned !== undefined ? <span className="muted"> {symbol}</span> : null}
          </AmountUnit>
        </p>
        <div className="row-between">
          <span className="muted">
            {t('exchange.pendingMining')}:{' '}
            <AmountUnit>
              <span data-testid="pending-mining">
                {accountValue(account.data?.pendingMining, (v) => coin(v))}
              </span>
              {loggedIn && account.data ? ` ${symbol}` : null}
            </AmountUnit>
          </span>
          <button
            type="button"
            className="button button--small"
            disabled={busy || !account.data || account.data.pendingMining === 0n}
            onClick={() => void onCollect()}
          >
            {t('exchange.collect')}
          </button>
        </div>
        <InfoNote>{t('exchange.collectHint')}</InfoNote>
      </section>

      <section className="card">
        <AmountInput
          label={t('exchange.quantity')}
          value={amountText}
          onChange={setAmountText}
          decimals={rewardDecimals}
          placeholder={t('exchange.quantityPlaceholder')}
          suffix={symbol}
          onMax={() => {
            if (earned !== undefined) setAmountText(toInputAmount(earned, rewardDecimals));
          }}
        />
        {shownQuote ? (
          <dl className="summary__list" data-testid="exchange-quote">
            <dt>{t('exchange.quote.gross')}</dt>
            <dd data-testid="quote-gross">
              {amountWithSymbol(usdc(shownQuote.grossUsdc), USDC_SYMBOL, i18n.dir())}
            </dd>
            <dt>
              {t('exchange.quote.fee', {
                rate: bpsToPercent(Number(shownQuote.feeBps)),
              })}
            </dt>
            <dd data-testid="quote-fee">
              {amountWithSymbol(usdc(shownQuote.fee), USDC_SYMBOL, i18n.dir())}
            </dd>
            <dt>{t('exchange.quote.net')}</dt>
            <dd data-testid="quote-net">
              {amountWithSymbol(usdc(shownQuote.netUsdc), USDC_SYMBOL, i18n.dir())}
            </dd>
            <dt>{t('exchange.quote.minReceived', { tolerance: bpsToPercent(toleranceBps) })}</dt>
            <dd data-testid="quote-min">
              {amountWithSymbol(
                usdc(minusTolerance(shownQuote.netUsdc, toleranceBps)),
                USDC_SYMBOL,
                i18n.dir(),
              )}
            </dd>
          </dl>
        ) : (
          <p className="muted small" data-testid="exchange-quote-hint">
            {quotable && quote.isLoading ? (
              <Skeleton label={t('loading.loading')} />
            ) : (
              t('exchange.quote.hint')
            )}
          </p>
        )}
        <div className="chips" role="radiogroup" aria-label={t('exchange.tolerance')}>
          <span className="muted small">{t('exchange.tolerance')}</span>
          {TOLERANCE_CHOICES_BPS.map((bps) => (
            <button
              type="button"
              role="radio"
              key={bps}
              aria-checked={toleranceBps === bps}
              className={`chip${toleranceBps === bps ? ' is-active' : ''}`}
              onClick={() => setToleranceBps(bps)}
            >
              {bpsToPercent(bps)}%
            </button>
          ))}
        </div>
        <button
          type="button"
          className="button button--block"
          disabled={busy || nothingToExchange}
          aria-describedby={nothingToExchange ? 'nothing-to-exchange' : undefined}
          onClick={() => void onExchange()}
        >
          {t('exchange.submit')}
        </button>
        {nothingToExchange ? (
          <p className="muted small" id="nothing-to-exchange" data-testid="nothing-to-exchange">
            {t('exchange.nothingToExchange')}
          </p>
        ) : null}
      </section>

      <Card title={t('exchange.fee.title')}>
        {p ? (
          <>
            <p data-testid="fee-current">
              {p.feeBps === 0n
                ? t('exchange.fee.currentlyFree')
                : t('exchange.fee.current', { rate: bpsToPercent(Number(p.feeBps)) })}
            </p>
            <p className="muted small">
              {t('exchange.fee.cap', { cap: bpsToPercent(Number(p.MAX_FEE_BPS)) })}
            </p>
            <p data-testid="free-exchanges">
              {account.data
                ? t('exchange.fee.freeLeft', {
                    left: freeExchangesLeft(
                      p.FREE_EXCHANGES,
                      account.data.exchangeCount,
                    ).toString(),
                    free: p.FREE_EXCHANGES.toString(),
                  })
                : t('exchange.fee.freeFirst', { free: p.FREE_EXCHANGES.toString() })}
            </p>
            <p>
              {t('exchange.fee.levelRule', { level: p.FEE_FREE_LEVEL.toString() })}
              {account.data
                ? ` ${t('exchange.fee.yourLevel', { level: account.data.level.toString() })}`
                : ''}
            </p>
            {rule ? (
              <p className="muted" data-testid="fee-rule">
                {t(`exchange.fee.rule.${rule}`)}
              </p>
            ) : null}
            <p className="muted small">{t('exchange.fee.where')}</p>
          </>
        ) : (
          <p className="muted">
            {params.isError ? (
              t('serve.readFailed')
            ) : (
              <Skeleton label={t('loading.loading')} wide />
            )}
          </p>
        )}
      </Card>

      <ExchangeFaq />
    </div>
  );
}
