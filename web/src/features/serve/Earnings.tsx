import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { formatDateTime } from '../../shared/format';
import { useTokenFormat, type TokenFormat } from '../../shared/tokens';
import { Amount } from '../../shared/ui/Amount';
import type { ValueRow } from '../tx';
import {
  coinPerDayPerThousand,
  REFERENCE_WHOLE_USDC,
  usdcValueToday,
  type Reserves,
  type StakeEarnings,
} from './earnings';

/**
 * A plan's rate as what it pays: "0.001666 WETH per day for each 1,000 USDC", and that amount's
 * USDC value at the pool's price today, labelled as moving with the coin's price.
 */
export function PlanRate(props: {
  dailyRate: bigint;
  deployment: ChainDeployment;
  reserves: Reserves | undefined;
  symbol: string;
}) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const { dailyRate, deployment, reserves, symbol } = props;
  const coin = coinPerDayPerThousand(dailyRate, deployment.usdcDecimals);
  const base = fmt.withSymbol(
    REFERENCE_WHOLE_USDC * 10n ** BigInt(deployment.usdcDecimals),
    'usdc',
  );
  return (
    <>
      <span className="plan__rate" data-testid="plan-rate">
        {t('serve.earn.perDay', {
          coin: fmt.withSymbol(coin, 'reward'),
          base,
        })}
      </span>
      <span className="plan__value muted small">
        {reserves
          ? t('serve.earn.perDayValue', {
              value: fmt.withSymbol(usdcValueToday(coin, reserves), 'usdc'),
              symbol,
            })
          : t('serve.earn.noPrice')}
      </span>
    </>
  );
}

/**
 * The figures of one stake, as summary rows (the same rows on the Serve page and in the summary
 * before signing): coin over the full term (exact), today's USDC value, when the principal is
 * withdrawable, and the uplines' commissions from the reserve.
 */
export function earningsRows(
  t: TFunction,
  fmt: TokenFormat,
  language: string,
  args: {
    earnings: StakeEarnings;
    termDays: number;
    deployment: ChainDeployment;
    symbol: string;
    /** Whether the user's uplines are known (otherwise commissions are stated per level, "up to"). */
    uplinesKnown: boolean;
  },
): ValueRow[] {
  const { earnings, termDays, symbol, uplinesKnown } = args;
  const coin = (value: bigint) => fmt.withSymbol(value, 'reward');
  const commissionTotal = earnings.commissions.reduce((sum, c) => sum + c, 0n);
  return [
    {
      label: t('serve.earn.miningOverTerm', { days: termDays }),
      value: <Amount value={earnings.mining} token="reward" />,
      testId: 'earn-mining',
    },
    {
      label: t('serve.earn.valueToday', { symbol }),
      value:
        earnings.miningValueToday !== undefined ? (
          <Amount value={earnings.miningValueToday} token="usdc" />
        ) : (
          t('serve.earn.noPrice')
        ),
      testId: 'earn-value',
    },
    {
      label: t('serve.earn.withdrawableFrom'),
      value: formatDateTime(earnings.withdrawableAt, language),
      testId: 'earn-withdrawable',
    },
    {
      label: t('serve.earn.commissions'),
      value: uplinesKnown
        ? earnings.commissions.length === 0
          ? t('serve.earn.noUplines')
          : t('serve.earn.commissionsValue', {
              amount: coin(commissionTotal),
              levels: earnings.commissions.length,
            })
        : t('serve.earn.commissionsUpTo', { amount: coin(commissionTotal) }),
      testId: 'earn-commissions',
    },
  ];
}

/** The notes under the figures: what is fixed, what moves, who pays the commissions. */
export function earningsNotes(t: TFunction, symbol: string): string[] {
  return [t('serve.earn.fixedNote', { symbol }), t('serve.earn.commissionsNote')];
}
