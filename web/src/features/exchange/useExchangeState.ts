import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from 'wagmi';
import { parseAmountText } from '../../shared/amount';
import { toReadableInput } from '../../shared/displayAmount';
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

  const [amountText, setAmountText] = useState('');
  // The text Max put in the field: while the field still reads it, the whole balance is exchanged
  // to the last unit (the field shows it rounded, issue 24 §1).
  const [maxText, setMaxText] = useState<string | undefined>(undefined);
  const [toleranceBps, setToleranceBps] = useState(DEFAULT_TOLERANCE_BPS);
  const rewardDecimals = deployment?.rewardTokenDecimals ?? 18;
  const earned = account.data?.earned;
  const maxUsed = maxText !== undefined && maxText === amountText && earned !== undefined;
  const fillMax = () => {
    if (earned === undefined) return;
    const text = toReadableInput(earned, rewardDecimals, 'reward');
    setMaxText(text);
    setAmountText(text);
  };

  // The quote follows the typed quantity once it settles, while it is a valid exchange.
  const typedAmount = parseAmountText(useDebounced(amountText), rewardDecimals);
  const settledAmount = maxUsed ? earned : typedAmount;
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
    amountText,
    /** Typing ends what Max chose. */
    setAmountText: (text: string) => {
      setMaxText(undefined);
      setAmountText(text);
    },
    /** After an exchange: empties the field unless the user has typed the next amount since. */
    clearAmountIfUnchanged: (sent: string) =>
      setAmountText((current) => (current === sent ? '' : current)),
    fillMax,
    maxUsed,
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
