import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { bpsToPercent } from '../../shared/format';
import type { Address } from 'viem';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { useNetworkFee } from '../../shared/useNetworkFee';
import { TxSummary } from '../tx';
import {
  EXCHANGE_DEADLINE_SECONDS,
  exchangeFeeCall,
  harvestFeeCall,
  type ExchangeQuote,
} from './exchangeFlow';
import { useTokenFormat } from '../../shared/tokens';

/**
 * What `exchange(amountIn, minUsdcOut, deadline)` does, with the quote, the slippage guard, the
 * deadline and the network fee of that exact call (the guard from the fresh quote may differ from
 * the form's, so its fee is estimated again).
 */
export function ExchangeSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
  symbol: string;
  amountIn: bigint;
  quote: ExchangeQuote;
  minUsdcOut: bigint;
  toleranceBps: number;
}) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const { network, deployment, amountIn, quote, minUsdcOut, toleranceBps } = props;
  // Rounded here; every amount to the last base unit under "Everything the wallet will show".
  const coin = fmt.withSymbol(amountIn, 'reward');
  const fee = useNetworkFee(
    network,
    deployment,
    props.user,
    exchangeFeeCall(deployment, amountIn, minUsdcOut),
  );
  return (
    <TxSummary
      testId="exchange-summary"
      intro={t('exchange.summary.intro', { amount: coin })}
      rows={[
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('exchange.summary.pool'), address: deployment.pair },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('exchange.summary.amountIn'), amount: amountIn, token: 'reward' },
        { label: t('exchange.quote.gross'), amount: quote.grossUsdc, token: 'usdc' },
        {
          label: t('exchange.quote.fee', { rate: bpsToPercent(Number(quote.feeBps)) }),
          amount: quote.fee,
          token: 'usdc',
        },
        {
          label: t('exchange.quote.net'),
          amount: quote.netUsdc,
          token: 'usdc',
          testId: 'summary-net',
        },
        {
          label: t('exchange.quote.minReceived', { tolerance: bpsToPercent(toleranceBps) }),
          amount: minUsdcOut,
          token: 'usdc',
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
      fee={<NetworkFeeLine state={fee} valueUsdc={quote.netUsdc} />}
      notes={[t('exchange.summary.guard'), t('exchange.summary.after')]}
    />
  );
}

/** What `harvest(user, ids)` does, and its network fee. */
export function HarvestSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
  symbol: string;
  pending: bigint;
  positions: number;
}) {
  const { t } = useTranslation();
  const { network, deployment, pending, positions } = props;
  const coin = useTokenFormat().withSymbol(pending, 'reward');
  const fee = useNetworkFee(
    network,
    deployment,
    props.user,
    harvestFeeCall(deployment, props.user),
  );
  return (
    <TxSummary
      testId="harvest-summary"
      intro={t('exchange.harvest.intro', { amount: coin, positions })}
      rows={[
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('exchange.pendingMining'), amount: pending, token: 'reward' },
      ]}
      fee={<NetworkFeeLine state={fee} />}
      notes={[t('exchange.harvest.uplines')]}
    />
  );
}
