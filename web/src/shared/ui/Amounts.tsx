import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenPair } from '../data/types';
import { rewardValueInUsdc, toBigInt, tokenDecimals, type TokenFormat } from '../tokens';
import './data.css';

/**
 * A pair of sums, reward coin and USDC, on two lines (never added up). With `price` (USDC base
 * units per whole reward coin, from the DEX pool) the reward line adds its USDC value at that price.
 */
export function PairAmounts({
  pair,
  fmt,
  price,
  testId,
}: {
  pair: TokenPair;
  fmt: TokenFormat;
  price?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const reward = toBigInt(pair.reward);
  const priceUnits = price ? toBigInt(price) : undefined;
  const value =
    reward !== undefined && priceUnits !== undefined && fmt.deployment && reward > 0n
      ? rewardValueInUsdc(reward, priceUnits, tokenDecimals(fmt.deployment, 'reward'))
      : undefined;
  return (
    <div className="pair" data-testid={testId}>
      <span className="pair__line" data-token="reward">
        <AmountUnit>
          <span className="pair__amount">{fmt.amount(pair.reward, 'reward')}</span>{' '}
          <span className="muted">{fmt.symbol('reward')}</span>
        </AmountUnit>
        {value !== undefined ? (
          <span className="muted small pair__value">
            {' '}
            {t('list.worth', { amount: fmt.withSymbol(value, 'usdc') })}
          </span>
        ) : null}
      </span>
      <span className="pair__line" data-token="usdc">
        <AmountUnit>
          <span className="pair__amount">{fmt.amount(pair.usdc, 'usdc')}</span>{' '}
          <span className="muted">{fmt.symbol('usdc')}</span>
        </AmountUnit>
      </span>
    </div>
  );
}

/**
 * A price formula ('1 WETH = 3,000 USDC'): isolated and left to right in every language. In a
 * right-to-left page the bidi algorithm would otherwise move the leading '1' to the far end, and
 * the line would read '1 USDC = 3,000 WETH'.
 */
export function Formula({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/**
 * An amount and its unit ('100 USDC') as one isolated left-to-right unit: in a right-to-left page
 * the bidi algorithm would otherwise show 'USDC 100' (the Arabic walk in issue 11 §4).
 */
export function AmountUnit({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
