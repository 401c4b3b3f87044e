import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from 'wagmi';
import { parseAmountText } from '../../shared/amount';
import { useAmountField } from '../../shared/amountField';
import { publicClientFor } from '../../shared/chain/client';
import { coinPriceInUsdc } from '../../shared/chain/pool';
import {
  chainKeys,
  usePoolReserves,
  useStakingAccount,
  useStakingValues,
} from '../../shared/chain/reads';
import { useQueuedChange } from '../../shared/chain/timelock';
import { getDeployment } from '../../shared/contracts';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { useRewardSymbol } from '../../shared/tokens';
import { useDebounced } from '../../shared/useDebounced';
import { readQuote } from './exchangeFlow';
import { DEFAULT_TOLERANCE_BPS, feeRule } from './validation';

/** What the Exchange page reads from the chain, and the form's state (quantity, tolerance). */
export function useExchangeState() {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const network = useNetwork();
  const deployment = getDeployment(network.chainId);
  const user = session?.userAddress;

  const account = useStakingAccount(network, deployment, user);
  const pool = usePoolReserves(network, deployment);
  const rewardSymbol = useRewardSymbol(network, deployment);
  const params = useStakingValues(network, deployment, [
    'feeBps',
    'MAX_FEE_BPS',
    'FREE_EXCHANGES',
    'FEE_FREE_LEVEL',
  ]);
  const queuedFee = useQueuedChange(network, deployment, 'feeBps');

  const [toleranceBps, setToleranceBps] = useState(DEFAULT_TOLERANCE_BPS);
  const rewardDecimals = deployment?.rewardTokenDecimals ?? 18;
  const earned = account.data?.earned;
  // Max shows the balance rounded and stands for all of it, to the last unit (issue 24 §1).
  const field = useAmountField(rewardDecimals, 'reward');
  const fillMax = () => {
    if (earned !== undefined) field.fillMax(earned);
  };

  // The quote follows the typed quantity once it settles (at once after Max), while it is a
  // valid exchange.
  const typedAmount = parseAmountText(useDebounced(field.text), rewardDecimals);
  const settledAmount = field.fromMax ? field.amount : typedAmount;
  const quotable =
    settledAmount !== undefined &&
    settledAmount > 0n &&
    earned !== undefined &&
    settledAmount <= earned;
  const quote = useQuery({
    queryKey: [...chainKeys.account(network.chainId, user), 'quote', settledAmount?.toString()],
    enabled: Boolean(deployment && user && quotable),
    refetchInterval: 15_000,
    queryFn: () =>
      readQuote(publicClientFor(config, network.chainId), deployment!, user!, settledAmount!),
  });

  const p = params.data;
  return {
    config,
    session,
    network,
    deployment,
    user,
    account,
    pool,
    params,
    queuedFee: queuedFee.data ?? undefined,
    rewardSymbol,
    symbol: rewardSymbol ?? t('list.rewardCoin'),
    rewardDecimals,
    amountText: field.text,
    setAmountText: field.setText,
    clearAmountIfUnchanged: field.clearIfUnchanged,
    fillMax,
    /** What the field stands for: after Max, the balance Max read, exact. */
    amount: field.amount,
    toleranceBps,
    setToleranceBps,
    earned,
    quotable,
    /** The quantity being quoted (the whole balance after Max), once the typing has settled. */
    settledAmount,
    quote,
    shownQuote: quotable ? quote.data : undefined,
    loggedIn: session !== null && deployment !== undefined,
    price:
      pool.data && deployment
        ? coinPriceInUsdc(pool.data, deployment.rewardTokenDecimals)
        : undefined,
    rule:
      p && account.data
        ? feeRule({
            exchangeCount: account.data.exchangeCount,
            freeExchanges: p.FREE_EXCHANGES,
            level: account.data.level,
            feeFreeLevel: p.FEE_FREE_LEVEL,
            feeBps: p.feeBps,
          })
        : undefined,
  };
}

export type ExchangeState = ReturnType<typeof useExchangeState>;
