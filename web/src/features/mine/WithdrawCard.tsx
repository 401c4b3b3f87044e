import type { ReactNode } from 'react';
import { TokenIcon } from '../../shared/ui/tokenLogos';
import { useTranslation } from 'react-i18next';
import { USDC_SYMBOL, useTokenFormat } from '../../shared/tokens';
import { AmountInput } from '../../shared/ui/AmountInput';
import { Card } from '../../shared/ui/Card';
import { Skeleton } from '../../shared/ui/loading';
import { useNetworkFee } from '../../shared/useNetworkFee';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { withdrawCall } from './mineFlow';
import type { MineState } from './useMineState';
import { remainderBelowMinimum, validateWithdrawal } from './validation';

/**
 * The Mine page's one action (issue 19 §2): what is withdrawable, big, and one Withdraw with the
 * contract's minimum; the wallet's USDC beside it for reference.
 */
export function WithdrawCard(props: {
  state: MineState;
  shown: (value: bigint | undefined, failed: boolean, token?: 'usdc' | 'reward') => ReactNode;
  busy: boolean;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const { state, shown, busy, onWithdraw } = props;
  const a = state.account.data;
  // Max and "Withdraw all" show the balance rounded and stand for all of it (useMineState).
  const typed = state.amount;
  const rest =
    a && typed !== undefined && state.minimum !== undefined
      ? remainderBelowMinimum(typed, a.withdrawable, state.minimum)
      : undefined;
  // The network fee of the withdrawal the button would send (none while the amount is not valid).
  const valid =
    a && state.minimum !== undefined
      ? validateWithdrawal(state.amount, a.withdrawable, state.minimum)
      : undefined;
  const amount = valid?.ok ? valid.amount : undefined;
  const { deployment } = state;
  const fee = useNetworkFee(
    state.network,
    deployment,
    state.user,
    deployment && amount !== undefined
      ? { key: ['withdraw', amount.toString()], build: () => withdrawCall(deployment, amount) }
      : undefined,
  );
  return (
    <Card title={t('mine.withdrawTitle')}>
      <div className="balance-grid" aria-label={t('mine.balances')}>
        <div>
          <h3 className="card__label">{t('mine.withdrawable')}</h3>
          <p className="balance-card__value">
            <span data-testid="mine-withdrawable">
              {shown(a?.withdrawable, state.account.isError)}
            </span>{' '}
            <span className="muted">{USDC_SYMBOL}</span>
          </p>
        </div>
        <div>
          <h3 className="card__label">{t('mine.walletBalance')}</h3>
          <p className="balance-card__value balance-card__value--quiet">
            <span data-testid="mine-wallet-usdc">
              {shown(state.balance.data, state.balance.isError)}
            </span>{' '}
            <span className="muted">{USDC_SYMBOL}</span>
          </p>
        </div>
      </div>
      <AmountInput
        big
        label={t('mine.withdrawAmount')}
        value={state.amountText}
        onChange={state.setAmountText}
        decimals={state.usdcDecimals}
        placeholder={t('mine.withdrawPlaceholder')}
        suffix={
          <>
            <TokenIcon symbol={USDC_SYMBOL} />
            {USDC_SYMBOL}
          </>
        }
        onMax={state.fillMax}
      />
      {rest !== undefined && state.minimum !== undefined ? (
        <div className="banner-note" role="status" data-testid="withdraw-remainder">
          <p>
            {t('mine.remainderWarning', {
              rest: fmt.amount(rest, 'usdc'),
              min: fmt.amount(state.minimum, 'usdc'),
            })}
          </p>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={state.fillMax}
            data-testid="withdraw-all"
          >
            {t('mine.withdrawAll')}
          </button>
        </div>
      ) : null}
      <p className="muted small" data-testid="mine-min-withdrawal">
        {state.minimum !== undefined ? (
          t('mine.minimumHint', { min: fmt.amount(state.minimum, 'usdc') })
        ) : (
          <Skeleton label={t('loading.loading')} wide />
        )}
      </p>
      <NetworkFeeLine state={fee} valueUsdc={amount} />
      <button type="button" className="button button--block" disabled={busy} onClick={onWithdraw}>
        {t('mine.withdraw')}
      </button>
      <p className="muted small">{t('mine.balancesSource', { network: state.network.label })}</p>
    </Card>
  );
}
