import type { ReactNode } from 'react';
import { TokenIcon } from '../../shared/ui/tokenLogos';
import { useTranslation } from 'react-i18next';
import { bpsToPercent } from '../../shared/format';
import { useTokenFormat } from '../../shared/tokens';
import { Formula } from '../../shared/ui/Amounts';
import { Card } from '../../shared/ui/Card';
import { InfoNote } from '../../shared/ui/InfoNote';
import { Skeleton } from '../../shared/ui/loading';
import { QueuedFeeNote } from '../../shared/ui/QueuedFeeNote';
import { rewardValueInUsdc } from '../../shared/tokens';
import { useNetworkFee } from '../../shared/useNetworkFee';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { harvestFeeCall } from './exchangeFlow';
import type { ExchangeState } from './useExchangeState';
import { freeExchangesLeft } from './validation';

/** Mining not yet collected, and Collect mining (it makes it exchangeable). */
export function CollectCard(props: {
  state: ExchangeState;
  accountValue: (value: bigint | undefined) => ReactNode;
  busy: boolean;
  onCollect: () => void;
}) {
  const { t } = useTranslation();
  const { state, accountValue, busy, onCollect } = props;
  const pending = state.account.data?.pendingMining;
  // The network fee of the harvest Collect mining would send (the same positions it would name).
  const { deployment, user, price } = state;
  const fee = useNetworkFee(
    state.network,
    deployment,
    user,
    deployment && user && pending !== undefined && pending > 0n
      ? harvestFeeCall(deployment, user)
      : undefined,
  );
  return (
    <section className="card" aria-labelledby="collect-title">
      <div className="row-between">
        <span className="muted" id="collect-title">
          {t('exchange.pendingMining')}:{' '}
          <span data-testid="pending-mining">{accountValue(pending)}</span>
          {state.loggedIn && state.account.data ? ` ${state.symbol}` : null}
        </span>
        <button
          type="button"
          className="button button--small"
          disabled={busy || pending === undefined || pending === 0n}
          onClick={onCollect}
        >
          {t('exchange.collect')}
        </button>
      </div>
      {state.loggedIn && pending !== undefined && pending > 0n ? (
        <NetworkFeeLine
          state={fee}
          valueUsdc={
            price !== undefined
              ? rewardValueInUsdc(pending, price, state.rewardDecimals)
              : undefined
          }
        />
      ) : null}
      <InfoNote>{t('exchange.collectHint')}</InfoNote>
    </section>
  );
}

/** The pool's price of the coin: "1 WETH ≈ 3,000 USDC". */
export function PriceCard({ state }: { state: ExchangeState }) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const { price, rewardSymbol, pool, symbol, network } = state;
  return (
    <section className="card" aria-labelledby="ratio-title">
      <h2 className="card__label" id="ratio-title">
        {t('exchange.ratio')}
      </h2>
      <p className="balance-card__value" data-testid="exchange-ratio">
        {price !== undefined && rewardSymbol !== undefined ? (
          <>
            <TokenIcon symbol={symbol} size={24} />
            <Formula>
              {t('exchange.ratioValue', { symbol, price: fmt.amount(price, 'usdc') })}
            </Formula>
          </>
        ) : pool.isLoading ? (
          <Skeleton label={t('loading.loading')} wide />
        ) : pool.isError ? (
          t('serve.readFailed')
        ) : (
          t('exchange.noPrice')
        )}
      </p>
      <InfoNote>{t('exchange.ratioSource', { symbol, network: network.label })}</InfoNote>
    </section>
  );
}

/** The fee as the contract sets it: current rate, a queued change, the cap, who pays nothing. */
export function FeeCard({ state, now }: { state: ExchangeState; now: number }) {
  const { t } = useTranslation();
  const p = state.params.data;
  const account = state.account.data;
  return (
    <Card title={t('exchange.fee.title')}>
      {p ? (
        <>
          <p data-testid="fee-current">
            {p.feeBps === 0n
              ? t('exchange.fee.currentlyFree')
              : t('exchange.fee.current', { rate: bpsToPercent(Number(p.feeBps)) })}
          </p>
          <QueuedFeeNote change={state.queuedFee} now={now} />
          <p data-testid="free-exchanges">
            {account
              ? t('exchange.fee.freeLeft', {
                  left: freeExchangesLeft(p.FREE_EXCHANGES, account.exchangeCount).toString(),
                  free: p.FREE_EXCHANGES.toString(),
                })
              : t('exchange.fee.freeFirst', { free: p.FREE_EXCHANGES.toString() })}
          </p>
          <p>
            {t('exchange.fee.levelRule', { level: p.FEE_FREE_LEVEL.toString() })}
            {account ? ` ${t('exchange.fee.yourLevel', { level: account.level.toString() })}` : ''}
          </p>
          {state.rule ? (
            <p className="muted" data-testid="fee-rule">
              {t(`exchange.fee.rule.${state.rule}`)}
            </p>
          ) : null}
          <details>
            <summary>{t('common.moreInfo')}</summary>
            <p className="muted small">
              {t('exchange.fee.cap', { cap: bpsToPercent(Number(p.MAX_FEE_BPS)) })}
            </p>
            <p className="muted small">{t('exchange.fee.where')}</p>
          </details>
        </>
      ) : state.params.isError ? (
        <p className="muted">{t('serve.readFailed')}</p>
      ) : (
        <Skeleton label={t('loading.loading')} wide />
      )}
    </Card>
  );
}
