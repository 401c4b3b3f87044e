import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIncomeDaily } from '../../shared/data/endpoints';
import type { TokenKind } from '../../shared/data/types';
import type { TokenFormat } from '../../shared/tokens';
import { Card } from '../../shared/ui/Card';
import { ErrorState, LoadingState } from '../../shared/ui/DataViews';
import { Tabs } from '../../shared/ui/Tabs';
import { chartBars } from './chart';

export const CHART_DAYS = 30;
const WIDTH = 300;
const HEIGHT = 110;
const GAP = 2;

/** 'YYYY-MM-DD' (a UTC day) in the UI language, e.g. 'Mar 5'. */
function dayLabel(day: string, locale: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) return day;
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(ms);
  } catch {
    return day;
  }
}

/**
 * Daily income of the last 30 UTC days as bars, one token at a time (reward coin or USDC: never
 * added). The figures are also a table for screen readers and for anyone who wants the numbers.
 */
export function DailyChart({ fmt }: { fmt: TokenFormat }) {
  const { t, i18n } = useTranslation();
  const daily = useIncomeDaily(CHART_DAYS);
  const [token, setToken] = useState<TokenKind>('reward');
  const days = daily.data?.days ?? [];
  const bars = chartBars(days, token);
  const step = bars.length > 0 ? WIDTH / bars.length : WIDTH;
  const best = bars.reduce<(typeof bars)[number] | undefined>(
    (top, bar) => (bar.value > (top?.value ?? 0n) ? bar : top),
    undefined,
  );
  const first = days[0];
  const last = days.at(-1);
  const summary = best
    ? t('income.chartSummary', {
        days: days.length,
        token: fmt.symbol(token),
        amount: fmt.withSymbol(best.value, token),
        day: dayLabel(best.day, i18n.language),
      })
    : t('income.chartEmpty', { days: days.length || CHART_DAYS, token: fmt.symbol(token) });

  return (
    <Card title={t('income.chartTitle', { days: CHART_DAYS })} testId="income-chart">
      {daily.isPending ? <LoadingState /> : null}
      {daily.isError && !daily.data ? <ErrorState onRetry={() => daily.refetch()} /> : null}
      {daily.data ? (
        <Tabs
          label={t('income.chartToken')}
          idPrefix="income-chart"
          options={[
            { value: 'reward' as const, label: fmt.symbol('reward') },
            { value: 'usdc' as const, label: fmt.symbol('usdc') },
          ]}
          value={token}
          onChange={setToken}
        >
          <figure className="chart">
            <svg
              className="chart__svg"
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={summary}
              data-testid="income-chart-svg"
            >
              <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="chart__axis" />
              {bars.map((bar, index) => {
                const height = bar.value > 0n ? Math.max(2, bar.ratio * (HEIGHT - 4)) : 0;
                return (
                  <rect
                    key={bar.day}
                    className="chart__bar"
                    x={index * step + GAP / 2}
                    y={HEIGHT - 1 - height}
                    width={Math.max(1, step - GAP)}
                    height={height}
                  >
                    <title>
                      {`${dayLabel(bar.day, i18n.language)}: ${fmt.withSymbol(bar.value, token)}`}
                    </title>
                  </rect>
                );
              })}
            </svg>
            <figcaption className="chart__caption muted small">
              <span>{first ? dayLabel(first.day, i18n.language) : ''}</span>
              <span>{summary}</span>
              <span>{last ? dayLabel(last.day, i18n.language) : ''}</span>
            </figcaption>
          </figure>
          <details className="chart__table">
            <summary>{t('income.chartTable')}</summary>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('income.day')}</th>
                  <th scope="col">{fmt.symbol('reward')}</th>
                  <th scope="col">{fmt.symbol('usdc')}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{dayLabel(day.day, i18n.language)}</th>
                    <td>{fmt.amount(day.reward, 'reward')}</td>
                    <td>{fmt.amount(day.usdc, 'usdc')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <p className="muted small">{t('income.chartNote')}</p>
        </Tabs>
      ) : null}
    </Card>
  );
}
