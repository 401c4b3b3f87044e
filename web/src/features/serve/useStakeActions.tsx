import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from 'wagmi';
import { exclusive, useTx } from '../tx';
import { hideLoading, showLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { getConnectedWallet } from '../wallet/connected';
import { publicClientFor } from '../../shared/chain/client';
import { expectedInclusionSeconds, stakeEarnings } from './earnings';
import {
  needsUpline,
  newestPositionEnd,
  stakeSteps,
  usesPermit,
  withdrawPrincipalSteps,
  type StakeContext,
} from './stakeFlow';
import { StakeSummary, WithdrawPrincipalSummary } from './StakeSummary';
import type { ServeState } from './useServeState';
import { readUplineCount, type PlanView, type PositionView } from './useServeData';
import { checkStakeAmount, stakeAddressProblem } from './validation';

/** A stake waiting for the bind dialog: where it goes once the user has an upline. */
interface PendingStake {
  ctx: StakeContext;
  plan: PlanView;
  amount: bigint;
  /** The field's text when Stake was pressed: cleared after the stake unless retyped since. */
  text: string;
}

/**
 * The step order of the Serve page's writes, in one place: Stake = checks → (bind an upline first
 * if the user has none) → 'Confirm operation' with figures read afresh → permit/approve → stake;
 * Withdraw principal = summary → one transaction. The waiting stake is state, not a ref, so the
 * bind dialog is simply shown while there is one.
 */
export function useStakeActions(serve: ServeState) {
  const { t } = useTranslation();
  const config = useConfig();
  const runTx = useTx();
  const [waiting, setWaiting] = useState<PendingStake | null>(null);
  const { network, deployment, user, session, balance, minStake, plan, reserves, now } = serve;

  const confirmAndStake = async ({ ctx, plan: chosen, amount, text }: PendingStake) => {
    // The figures before signing are computed afresh: the uplines as bound now (the bind step may
    // just have added one), the pool's price and the chain's time as of this moment.
    let uplineCount: number | undefined;
    try {
      uplineCount = await readUplineCount(ctx.config, network.chainId, ctx.deployment, ctx.user);
    } catch {
      uplineCount = undefined;
    }
    const permit = await usesPermit(ctx);
    // "Withdrawable from" counts from when the stake is sent (this device's clock now), not from
    // the latest block, which is minutes old on a quiet chain; the chain's time if it is ahead.
    let sentAt = now;
    try {
      const latest = await publicClientFor(ctx.config, network.chainId).getBlock();
      sentAt = expectedInclusionSeconds(Date.now(), Number(latest.timestamp));
    } catch {
      // Unread: the page's chain time, as before.
    }
    const done = await runTx({
      network,
      user: ctx.user,
      summary: (
        <StakeSummary
          network={network}
          deployment={ctx.deployment}
          user={ctx.user}
          planId={chosen.id}
          amount={amount}
          termDays={chosen.termDays}
          symbol={serve.rewardSymbol}
          uplinesKnown={uplineCount !== undefined}
          permit={permit}
          earnings={stakeEarnings({
            amount,
            dailyRate: chosen.dailyRate,
            termDays: chosen.termDays,
            reserves,
            uplineCount: uplineCount ?? 3,
            nowSeconds: sentAt,
          })}
        />
      ),
      // Issue 19 §3: a stake's outcome in staking words (spec §8's 'recharge' is the same flow).
      success: 'toast.stakeSucceeded',
      failure: 'toast.stakeFailed',
      usdc: { token: ctx.deployment.usdc, contract: ctx.deployment.staking },
      steps: (tx) => stakeSteps(tx, ctx, chosen.id, amount, permit),
      receiptFact: async (client) => {
        const end = await newestPositionEnd(client, ctx.deployment, ctx.user);
        return end === undefined
          ? undefined
          : { labelKey: 'serve.earn.withdrawableFrom', unixSeconds: end };
      },
    });
    if (done) serve.clearAmountIfUnchanged(text);
  };

  const stake = async () => {
    if (!session || !user) return toast(t('toast.connectWallet'));
    if (!deployment) return toast(t('serve.notDeployed', { network: network.label }));
    const addressProblem = stakeAddressProblem(deployment);
    if (addressProblem) return toast(t(addressProblem));
    // Without a balance read we cannot tell "too much" from "not loaded": say the query failed.
    if (balance.data === undefined || minStake === undefined) return toast(t('toast.queryFailed'));
    const validation = checkStakeAmount(serve.amount, balance.data, minStake);
    if (!validation.ok) return toast(t(validation.errorKey, { amount: serve.minStakeText }));
    if (!plan || !plan.open) return toast(t('serve.subscriptionEnded'));

    await exclusive(async () => {
      try {
        await getConnectedWallet(config, user);
      } catch {
        return toast(t('toast.connectWallet'));
      }
      const ctx: StakeContext = { config, network, deployment, user };
      showLoading(t('loading.querying'));
      let mustBind: boolean;
      try {
        mustBind = await needsUpline(ctx);
      } catch {
        hideLoading();
        return toast(t('toast.queryFailed'));
      }
      hideLoading();
      const next = { ctx, plan, amount: validation.amount, text: serve.amountText };
      if (mustBind) return setWaiting(next);
      await confirmAndStake(next);
    });
  };

  const bound = async () => {
    const next = waiting;
    setWaiting(null);
    if (next) await exclusive(() => confirmAndStake(next));
  };

  const withdrawPrincipal = (position: PositionView, early: boolean) =>
    exclusive(async () => {
      if (!session || !user || !deployment) return toast(t('toast.connectWallet'));
      await runTx({
        network,
        user,
        summary: (
          <WithdrawPrincipalSummary
            network={network}
            deployment={deployment}
            user={user}
            positionId={position.id}
            amount={position.amount}
            early={early}
          />
        ),
        success: 'toast.txSucceeded',
        failure: 'toast.txFailed',
        usdc: { token: deployment.usdc, contract: deployment.staking },
        steps: (tx) => withdrawPrincipalSteps(tx, deployment, position.id),
      });
    });

  return {
    stake,
    withdrawPrincipal,
    /** The bind dialog's context while a stake waits for an upline. */
    bindContext: waiting?.ctx ?? null,
    bound,
    cancelBind: () => setWaiting(null),
  };
}
