import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection } from 'wagmi';
import { useAmountField } from '../../shared/amountField';
import {
  chainKeys,
  useChainTime,
  useStakingValues,
  useUsdcBalance,
} from '../../shared/chain/reads';
import { getDeployment } from '../../shared/contracts';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { useRewardSymbol, useTokenFormat } from '../../shared/tokens';
import { stakeEarnings } from './earnings';
import { stakeMax } from './validation';
import { serveKeys, usePlans, usePositions, useUplineCount } from './useServeData';

/** Everything the Serve page reads and the form's own state (amount typed, plan chosen). */
export function useServeState() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const network = useNetwork();
  const connection = useConnection();
  const fmt = useTokenFormat();
  const deployment = getDeployment(network.chainId);
  const user = session?.userAddress;
  const decimals = deployment?.usdcDecimals ?? 6;

  const balance = useUsdcBalance(network, deployment, user);
  const plansQuery = usePlans(network, deployment);
  const plans = { ...plansQuery, data: plansQuery.data?.plans };
  const reserves = plansQuery.data?.reserves;
  const positions = usePositions(network, deployment, user, plans.data);
  const uplines = useUplineCount(network, deployment, user);
  const rewardSymbol = useRewardSymbol(network, deployment) ?? t('list.rewardCoin');
  const pool = useStakingValues(network, deployment, ['paused', 'minStakeExclusive']);
  const minStake = pool.data?.minStakeExclusive;
  const now = useChainTime(network);

  const field = useAmountField(decimals, 'usdc');
  const [chosenPlanId, setChosenPlanId] = useState<number | undefined>(undefined);

  // The plan the user picked stays picked even if it closes meanwhile (Stake then says
  // 'Subscription has ended'), rather than the stake silently going into another plan.
  const plan =
    (chosenPlanId !== undefined ? plans.data?.find((p) => p.id === chosenPlanId) : undefined) ??
    plans.data?.find((p) => p.open);
  const typedAmount = field.amount;
  const earnings =
    plan && deployment && typedAmount !== undefined && typedAmount > 0n
      ? stakeEarnings({
          amount: typedAmount,
          dailyRate: plan.dailyRate,
          termDays: plan.termDays,
          reserves,
          // Not signed in (or not read yet): the most it can be, all three levels.
          uplineCount: uplines.data ?? 3,
          nowSeconds: now,
        })
      : undefined;

  return {
    fmt,
    session,
    network,
    connection,
    deployment,
    user,
    decimals,
    balance,
    plans,
    reserves,
    positions,
    uplines,
    rewardSymbol,
    minStake,
    // The contract's minimum, never a copy of it: '…' until it is read.
    minStakeText: minStake === undefined ? '…' : fmt.amount(minStake, 'usdc'),
    paused: pool.data?.paused === true,
    now,
    amountText: field.text,
    setAmountText: field.setText,
    clearAmountIfUnchanged: field.clearIfUnchanged,
    /** The amount the field stands for (after Max: the exact balance or room, not its text). */
    amount: field.amount,
    /** Max (issue 24 §1): the balance, or the chosen plan's room left when smaller. */
    fillMax: () => {
      if (balance.data !== undefined) field.fillMax(stakeMax(balance.data, plan));
    },
    plan,
    choosePlan: setChosenPlanId,
    earnings,
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serveKeys.all }),
        queryClient.invalidateQueries({ queryKey: chainKeys.all }),
      ]),
  };
}

export type ServeState = ReturnType<typeof useServeState>;
