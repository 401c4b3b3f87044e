import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { coinPriceInUsdc } from '../../shared/chain/pool';
import { usePoolReserves } from '../../shared/chain/reads';
import type { ChainDeployment } from '../../shared/contracts';
import { rewardValueInUsdc, useTokenFormat } from '../../shared/tokens';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { useNetworkFee } from '../../shared/useNetworkFee';
import { TxSummary } from '../tx';
import { claimDividendsCall, withdrawRewardCoinCall } from './mineFlow';

/** The writes of the Mine page: withdraw USDC, withdraw the reward coin, claim dividends. */
export type MineKind = 'withdraw' | 'withdrawCoin' | 'claim';

/**
 * A plain summary of one Mine write, shown before the wallet opens. Claim and the coin's withdrawal
 * are one button each, with no form: their network fee is shown here. Withdraw's is on its form,
 * right above the button, for the amount as it is typed.
 */
export function MineSummary(props: {
  kind: MineKind;
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
  amount: bigint;
}) {
  const { t } = useTranslation();
  const { kind, network, deployment, user, amount } = props;
  // USDC, or the reward coin for 'withdrawCoin'; exact under "Everything the wallet will show".
  const token = kind === 'withdrawCoin' ? 'reward' : 'usdc';
  const shown = useTokenFormat().withSymbol(amount, token);
  const fee = useNetworkFee(
    network,
    deployment,
    user,
    kind === 'withdrawCoin'
      ? {
          key: ['withdrawRewardCoin', amount.toString()],
          build: () => withdrawRewardCoinCall(deployment, amount),
        }
      : kind === 'claim'
        ? { key: ['claimDividends'], build: () => claimDividendsCall(deployment) }
        : undefined,
  );
  const pool = usePoolReserves(network, deployment);
  const decimals = deployment.rewardTokenDecimals;
  const valueUsdc =
    kind !== 'withdrawCoin'
      ? amount
      : pool.data
        ? rewardValueInUsdc(amount, coinPriceInUsdc(pool.data, decimals), decimals)
        : undefined;
  return (
    <TxSummary
      testId={`${kind}-summary`}
      intro={t(`mine.summary.${kind}`, { amount: shown })}
      rows={[
        { label: t('serve.summary.contract'), address: deployment.staking },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('serve.summary.amount'), amount, token, testId: 'summary-amount' },
        ...(kind === 'claim' ? [] : [{ label: t('mine.summary.to'), address: user }]),
      ]}
      notes={[t(`mine.summary.${kind}Note`)]}
      fee={kind === 'withdraw' ? undefined : <NetworkFeeLine state={fee} valueUsdc={valueUsdc} />}
    />
  );
}
