import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStakingAccount, useStakingValues, useUsdcBalance } from '../../shared/chain/reads';
import { getDeployment } from '../../shared/contracts';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { useRewardSymbol } from '../../shared/tokens';

/** What the Mine page reads from the chain, and the withdraw form's quantity. */
export function useMineState() {
  const { t } = useTranslation();
  const session = useSession();
  const network = useNetwork();
  const deployment = getDeployment(network.chainId);
  const user = session?.userAddress;
  const balance = useUsdcBalance(network, deployment, user);
  const account = useStakingAccount(network, deployment, user);
  const params = useStakingValues(network, deployment, ['minWithdrawal']);
  const rewardSymbol = useRewardSymbol(network, deployment);
  const [amountText, setAmountText] = useState('');
  return {
    session,
    network,
    deployment,
    user,
    balance,
    account,
    minimum: params.data?.minWithdrawal,
    symbol: rewardSymbol ?? t('list.rewardCoin'),
    usdcDecimals: deployment?.usdcDecimals ?? 6,
    rewardDecimals: deployment?.rewardTokenDecimals ?? 18,
    amountText,
    setAmountText,
  };
}

export type MineState = ReturnType<typeof useMineState>;
