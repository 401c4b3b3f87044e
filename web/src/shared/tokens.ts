import type { NetworkInfo } from '@app/contracts/chains';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDeployment, type ChainDeployment } from './addresses';
import { displayAmount, fullAmount } from './displayAmount';
import { useNetwork } from './network';
import { toBigInt, tokenDecimals, type AmountKind } from './tokenMath';
import { readTokenSymbol } from './tokenSymbol';

export { rewardValueInUsdc, toBigInt, tokenDecimals, type AmountKind } from './tokenMath';

export const USDC_SYMBOL = 'USDC';

/**
 * An amount and its token's symbol as one piece of text. In a right-to-left sentence the pair is
 * one left-to-right unit (U+2066 … U+2069), so '0.5 WETH ← 1,500 USDC' keeps each number next to
 * its own token. Private to the amount module: pages use `<Amount>` or `TokenFormat.withSymbol`.
 */
const amountWithSymbol = (amount: string, symbol: string, dir: string): string =>
  dir === 'rtl' ? `\u2066${amount} ${symbol}\u2069` : `${amount} ${symbol}`;

/**
 * The reward coin's symbol as its contract reports it (`symbol()`), read once per network; undefined
 * while loading or when it cannot be read (pages then say "reward coin").
 */
export function useRewardSymbol(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
): string | undefined {
  const query = useQuery({
    queryKey: ['token-symbol', network.chainId, deployment?.rewardToken],
    enabled: deployment !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: ({ signal }) => readTokenSymbol(network.chainId, deployment!.rewardToken, signal),
  });
  return query.data;
}

/**
 * The text of an amount of the selected network's tokens (server base-unit strings or bigint), by
 * the one rule of `displayAmount.ts`. For sentences (`t('…', { amount })`) and labels; on a page an
 * amount is an `<Amount>` (ui/Amount.tsx), which adds the exact value on tap.
 */
export interface TokenFormat {
  deployment: ChainDeployment | undefined;
  symbol(token: AmountKind): string;
  /** The amount alone, e.g. "1,234.5"; '--' when the network has no deployment or the text is bad. */
  amount(value: string | bigint, token: AmountKind): string;
  /** The exact amount, every decimal ("1,234.500000000000000001"); '--' as `amount`. */
  full(value: string | bigint, token: AmountKind): string;
  /** The amount with its token, e.g. "1,234.5 USDC" (isolated in right-to-left languages). */
  withSymbol(value: string | bigint, token: AmountKind): string;
  /** The exact amount with its token: what a 'Confirm operation' summary says will be signed. */
  exactWithSymbol(value: string | bigint, token: AmountKind): string;
}

export function useTokenFormat(): TokenFormat {
  const { t, i18n } = useTranslation();
  const network = useNetwork();
  const deployment = getDeployment(network.chainId);
  const rewardSymbol = useRewardSymbol(network, deployment);
  const symbol = (token: AmountKind) =>
    token === 'native'
      ? network.nativeSymbol
      : token === 'usdc'
        ? USDC_SYMBOL
        : (rewardSymbol ?? t('list.rewardCoin'));
  const amount = (value: string | bigint, token: AmountKind) => {
    const units = toBigInt(value);
    if (!deployment || units === undefined) return '--';
    // The chain's coin is priced in dollars like the reward coin (its wrapped form): same rule.
    const rule = token === 'native' ? 'reward' : token;
    return displayAmount(units, tokenDecimals(deployment, token), rule, i18n.language);
  };
  const full = (value: string | bigint, token: AmountKind) => {
    const units = toBigInt(value);
    if (!deployment || units === undefined) return '--';
    return fullAmount(units, tokenDecimals(deployment, token), i18n.language);
  };
  return {
    deployment,
    symbol,
    amount,
    full,
    withSymbol: (value, token) => amountWithSymbol(amount(value, token), symbol(token), i18n.dir()),
    exactWithSymbol: (value, token) =>
      amountWithSymbol(full(value, token), symbol(token), i18n.dir()),
  };
}
