import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { bpsToPercent } from '../../shared/format';
import { TxSummary } from '../tx';
import { EXCHANGE_DEADLINE_SECONDS, type ExchangeQuote } from './exchangeFlow';
import { useTokenFormat } from '../../shared/tokens';

/** What `exchange(amountIn, minUsdcOut, deadline)` does, with the quote, the slippage guard and the deadline. */
export function ExchangeSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  symbol: string;
  amountIn: bigint;
  quote: ExchangeQuote;
  minUsdcOut: bigint;
  toleranceBps: number;
}) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const { network, deployment, amountIn, quote, minUsdcOut, toleranceBps } = props;
  // Read by the one rule; the exact amounts, to the last base unit, are behind the expander.
  const usdc = (value: bigint) => ({ value, token: 'usdc' as const });
  const coin = fmt.withSymbol(amountIn, 'reward');
  return (
    <TxSummary
      testId="exchange-summary"
      intro={t('exchange.summary.intro', { amount: coin })}
      rows={[
        { label: t('exchange.summary.amountIn'), amount: { value: amountIn, token: 'reward' } },
        { label: t('exchange.quote.gross'), amount: usdc(quote.grossUsdc) },
        {
          label: t('exchange.quote.fee', { rate: bpsToPercent(Number(quote.feeBps)) }),
          amount: usdc(quote.fee),
        },
        { label: t('exchange.quote.net'), amount: usdc(quote.netUsdc), exactTestId: 'summary-net' },
        {
          label: t('exchange.quote.minReceived', { tolerance: bpsToPercent(toleranceBps) }),
          amount: usdc(minUsdcOut),
          exactTestId: 'summary-min',
        },
        {
          label: t('exchange.summary.deadline'),
          value: t('exchange.summary.deadlineValue', {
            minutes: Number(EXCHANGE_DEADLINE_SECONDS / 60n),
          }),
          testId: 'summary-deadline',
        },
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('exchange.summary.pool'), address: deployment.pair },
        { label: t('serve.summary.network'), value: network.label },
      ]}
      notes={[t('exchange.summary.guard'), t('exchange.summary.after')]}
    />
  );
}

/** What `harvest(user, ids)` does. */
export function HarvestSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  symbol: string;
  pending: bigint;
  positions: number;
}) {
  const { t } = useTranslation();
  const { network, deployment, pending, positions } = props;
  const coin = useTokenFormat().withSymbol(pending, 'reward');
  return (
    <TxSummary
      testId="harvest-summary"
      intro={t('exchange.harvest.intro', { amount: coin, positions })}
      rows={[
        { label: t('exchange.pendingMining'), amount: { value: pending, token: 'reward' } },
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('serve.summary.network'), value: network.label },
      ]}
      notes={[t('exchange.harvest.uplines')]}
    />
  );
}
