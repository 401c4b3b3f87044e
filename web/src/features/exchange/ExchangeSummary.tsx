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
  // What is signed, exactly: every amount to the last base unit (the page rounds them).
  const usdc = (value: bigint) => fmt.exactWithSymbol(value, 'usdc');
  const coin = fmt.exactWithSymbol(amountIn, 'reward');
  return (
    <TxSummary
      testId="exchange-summary"
      intro={t('exchange.summary.intro', { amount: coin })}
      rows={[
        { label: t('serve.summary.contract'), value: deployment.staking, mono: true },
        { label: t('exchange.summary.pool'), value: deployment.pair, mono: true },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('exchange.summary.amountIn'), value: coin },
        { label: t('exchange.quote.gross'), value: usdc(quote.grossUsdc) },
        {
          label: t('exchange.quote.fee', { rate: bpsToPercent(Number(quote.feeBps)) }),
          value: usdc(quote.fee),
        },
        { label: t('exchange.quote.net'), value: usdc(quote.netUsdc), testId: 'summary-net' },
        {
          label: t('exchange.quote.minReceived', { tolerance: bpsToPercent(toleranceBps) }),
          value: fmt.exactWithSymbol(minUsdcOut, 'usdc'),
          testId: 'summary-min',
        },
        {
          label: t('exchange.summary.deadline'),
          value: t('exchange.summary.deadlineValue', {
            minutes: Number(EXCHANGE_DEADLINE_SECONDS / 60n),
          }),
          testId: 'summary-deadline',
        },
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
        { label: t('serve.summary.contract'), value: deployment.staking, mono: true },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('exchange.pendingMining'), value: coin },
      ]}
      notes={[t('exchange.harvest.uplines')]}
    />
  );
}
