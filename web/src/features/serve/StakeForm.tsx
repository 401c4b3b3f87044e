import { useTranslation } from 'react-i18next';
import { TokenIcon } from '../../shared/ui/tokenLogos';
import { USDC_SYMBOL } from '../../shared/tokens';
import { Amount } from '../../shared/ui/Amount';
import { AmountInput } from '../../shared/ui/AmountInput';
import { Skeleton } from '../../shared/ui/loading';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { usePaymentFee } from '../tx';
import { earningsRows } from './Earnings';
import { PlanChips } from './PlanChips';
import { PlanDetails } from './PlanDetails';
import { stakePayment } from './stakeFlow';
import { StakeReceive } from './StakeReceive';
import type { ServeState } from './useServeState';
import { checkStakeAmount, outsideReferralTree } from './validation';

/**
 * The Serve page's one action (issue 19 §2, issue 24 §1): the plan as chips, one big amount input
 * with the balance and Max, "You will receive" right under it, Stake, and the plan's details
 * behind an expander under the button, so the input and the button fit a phone's first screen.
 */
export function StakeForm({
  serve,
  onStake,
  busy,
}: {
  serve: ServeState;
  onStake: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { deployment, balance, session, plan, earnings, decimals, rewardSymbol } = serve;
  const balanceShown =
    !session || !deployment ? (
      '--'
    ) : balance.data !== undefined ? (
      <Amount value={balance.data} token="usdc" hideUnit plain />
    ) : balance.isError ? (
      t('serve.readFailed')
    ) : (
      <Skeleton label={t('loading.loading')} />
    );
  // The fee of the stake Stake would send now (with its exact approval when still needed): only
  // for an amount the checks would let through, into an open plan, by a user in the referral tree
  // (the contract refuses anyone else's stake, and Stake asks for an inviter first: the fee of that
  // step shows in its dialog).
  const { amount, minStake } = serve;
  const unbound =
    deployment !== undefined &&
    serve.user !== undefined &&
    serve.uplines.data !== undefined &&
    outsideReferralTree(serve.uplines.data > 0, serve.user, deployment.root);
  const stakeable =
    !unbound &&
    plan?.open === true &&
    deployment !== undefined &&
    balance.data !== undefined &&
    minStake !== undefined &&
    checkStakeAmount(amount, balance.data, minStake).ok;
  const fee = usePaymentFee(
    serve.network,
    deployment,
    serve.user,
    stakeable && plan && deployment && amount !== undefined
      ? stakePayment(deployment, plan.id, amount)
      : undefined,
  );
  const commissions =
    earnings && plan && deployment
      ? earningsRows(t, serve.fmt, {
          earnings,
          termDays: plan.termDays,
          deployment,
          symbol: rewardSymbol,
          uplinesKnown: serve.uplines.data !== undefined,
        }).find((row) => row.testId === 'earn-commissions')
      : undefined;
  return (
    <section className="card stake-form">
      <PlanChips plans={serve.plans} chosen={plan} onChoose={serve.choosePlan} />
      <AmountInput
        big
        label={t('serve.stakeQuantity')}
        value={serve.amountText}
        onChange={serve.setAmountText}
        decimals={decimals}
        placeholder={t('serve.stakePlaceholder', { amount: serve.minStakeText })}
        suffix={
          <>
            <TokenIcon symbol={USDC_SYMBOL} />
            {USDC_SYMBOL}
          </>
        }
        balance={
          // One left-to-right unit in Arabic too ('999,000 USDC', not 'USDC 999,000').
          <bdi dir="ltr">
            <span data-testid="wallet-balance">{balanceShown}</span> {USDC_SYMBOL}
          </bdi>
        }
        onMax={serve.fillMax}
      />
      {earnings && plan && deployment ? (
        <StakeReceive
          earnings={earnings}
          plan={plan}
          deployment={deployment}
          reserves={serve.reserves}
          symbol={rewardSymbol}
        />
      ) : null}
      {session && deployment ? (
        <NetworkFeeLine state={fee} waitingFor={unbound ? 'binding' : 'amount'} />
      ) : null}
      <button type="button" className="button button--block" disabled={busy} onClick={onStake}>
        {t('serve.stakeNow')}
      </button>
      {deployment ? (
        <PlanDetails
          plan={plan}
          deployment={deployment}
          reserves={serve.reserves}
          symbol={rewardSymbol}
          earnings={earnings}
          commissions={commissions}
          minStake={serve.minStake}
          fmt={serve.fmt}
        />
      ) : null}
      <p className="small">
        <a href="#/pages/transparency/transparency" data-testid="serve-transparency-link">
          {t('serve.transparencyLink')}
        </a>
      </p>
    </section>
  );
}
