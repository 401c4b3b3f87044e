import { useTranslation } from 'react-i18next';
import { useAmountField } from '../../shared/amountField';
import { useStakingAccount, useStakingValues, useUsdcBalance } from '../../shared/chain/reads';
import { getDeployment } from '../../shared/contracts';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { useRewardSymbol } from '../../shared/tokens';

/** What the Mine page reads from the chain, and the withdraw form's quantity (with Max). */
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
  const usdcDecimals = deployment?.usdcDecimals ?? 6;
  const field = useAmountField(usdcDecimals, 'usdc');
  const withdrawable = account.data?.withdrawable;
  return {
    session,
    network,
    deployment,
    user,
    balance,
    account,
    minimum: params.data?.minWithdrawal,
    symbol: rewardSymbol ?? t('list.rewardCoin'),
    usdcDecimals,
    rewardDecimals: deployment?.rewardTokenDecimals ?? 18,
    amountText: field.text,
    /** Typing ends what Max chose. */
    setAmountText: field.setText,
    clearAmountIfUnchanged: field.clearIfUnchanged,
    /** The amount the field stands for: after Max, the exact balance, not its rounded text. */
    amount: field.amount,
    /**
     * Max and the remainder warning's "Withdraw all" (issue 24 §1): the balance in the digits
     * people read, the whole of it sent while the field is untouched.
     */
    fillMax: () => {
      if (withdrawable !== undefined) field.fillMax(withdrawable);
    },
  };
}

export type MineState = ReturnType<typeof useMineState>;
