import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { USDC_SYMBOL } from '../../shared/tokens';
import { AmountUnit } from '../../shared/ui/Amounts';
import { Card } from '../../shared/ui/Card';
import type { MineState } from './useMineState';

/** Dividends to claim (USDC) and the earned reward coin, which can also leave as the coin itself. */
export function EarningsCard(props: {
  state: MineState;
  shown: (value: bigint | undefined, failed: boolean, token?: 'usdc' | 'reward') => ReactNode;
  busy: boolean;
  onClaim: () => void;
  onWithdrawCoin: () => void;
}) {
  const { t } = useTranslation();
  const { state, shown, busy, onClaim, onWithdrawCoin } = props;
  const a = state.account.data;
  const failed = state.account.isError;
  const symbol = state.symbol;
  return (
    <Card title={t('mine.earnings')}>
      <div className="row-between">
        <span>
          {t('mine.dividend')}:{' '}
          <span data-testid="mine-dividend">{shown(a?.pendingDividend, failed)}</span> {USDC_SYMBOL}
        </span>
        {a && a.pendingDividend > 0n ? (
          <button type="button" className="button button--small" disabled={busy} onClick={onClaim}>
            {t('mine.claim')}
          </button>
        ) : null}
      </div>
      {a && a.pendingDividend === 0n ? <p className="muted small">{t('mine.noDividend')}</p> : null}
      <div className="row-between">
        <span>
          {t('mine.earnedCoin')}:{' '}
          <AmountUnit>
            <span data-testid="mine-earned">{shown(a?.earned, failed, 'reward')}</span> {symbol}
          </AmountUnit>
        </span>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={busy || !a || a.earned === 0n}
          onClick={onWithdrawCoin}
        >
          {t('mine.withdrawCoin', { symbol })}
        </button>
      </div>
      <p className="muted small">{t('mine.withdrawCoinHint', { symbol })}</p>
    </Card>
  );
}
