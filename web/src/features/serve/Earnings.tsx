import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { formatAmount, formatDateTime } from '../../shared/format';
import type { SummaryRow } from '../../shared/tx/TxSummary';
import {
  coinPerDayPerThousand,
  REFERENCE_WHOLE_USDC,
  usdcValueToday,
  type Reserves,
  type StakeEarnings,
} from './earnings';

/** An amount with its unit, kept as one left-to-right unit inside a right-to-left sentence. */
function withUnit(amount: string, unit: string, rtl: boolean): string {
  const text = `${amount} ${unit}`;
  return rtl ? `\u2066${text}\u2069` : text;
}

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
  const { t, i18n } = useTranslation();
  const { dailyRate, deployment, reserves, symbol } = props;
  const rtl = i18n.dir() === 'rtl';
  const coin = coinPerDayPerThousand(dailyRate, deployment.usdcDecimals);
  const base = formatAmount(REFERENCE_WHOLE_USDC, 0, 0, i18n.language);
  return (
    <>
      <span className="plan__rate" data-testid="plan-rate">
        {t('serve.earn.perDay', {
          coin: withUnit(
            formatAmount(coin, deployment.rewardTokenDecimals, 6, i18n.language),
            symbol,
            rtl,
          ),
          base: withUnit(base, 'USDC', rtl),
        })}
      </span>
      <span className="plan__value muted small">
        {reserves
          ? t('serve.earn.perDayValue', {
              value: withUnit(
                formatAmount(
                  usdcValueToday(coin, reserves),
                  deployment.usdcDecimals,
                  2,
                  i18n.language,
                ),
                'USDC',
                rtl,
              ),
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
  language: string,
  rtl: boolean,
  args: {
    earnings: StakeEarnings;
    termDays: number;
    deployment: ChainDeployment;
    symbol: string;
    /** Whether the user's uplines are known (otherwise commissions are stated per level, "up to"). */
    uplinesKnown: boolean;
  },
): SummaryRow[] {
  const { earnings, termDays, deployment, symbol, uplinesKnown } = args;
  const coin = (value: bigint) =>
    withUnit(
      formatAmount(value, deployment.rewardTokenDecimals, deployment.rewardTokenDecimals, language),
      symbol,
      rtl,
    );
  const commissionTotal = earnings.commissions.reduce((sum, c) => sum + c, 0n);
  return [
    {
      label: t('serve.earn.miningOverTerm', { days: termDays }),
      value: coin(earnings.mining),
      testId: 'earn-mining',
    },
    {
      label: t('serve.earn.valueToday', { symbol }),
      value:
        earnings.miningValueToday !== undefined
          ? withUnit(
              formatAmount(
                earnings.miningValueToday,
                deployment.usdcDecimals,
                deployment.usdcDecimals,
                language,
              ),
              'USDC',
              rtl,
            )
          : t('serve.earn.noPrice'),
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
