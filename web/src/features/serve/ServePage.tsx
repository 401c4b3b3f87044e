import { networkByChainId } from '@app/contracts/chains';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig, useConnection } from 'wagmi';
import {
  chainKeys,
  useChainTime,
  useStakingValues,
  useUsdcBalance,
} from '../../shared/chain/reads';
import { getDeployment } from '../../shared/contracts';
import { parseAmountText } from '../../shared/amount';
import { formatAmount, formatDateTime, toInputAmount } from '../../shared/format';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import {
  amountWithSymbol,
  USDC_SYMBOL,
  useRewardSymbol,
  useTokenFormat,
} from '../../shared/tokens';
import { exclusive, useTxBusy } from '../../shared/tx/progress';
import { useTx } from '../../shared/tx/useTx';
import { AmountInput } from '../../shared/ui/AmountInput';
import { Card } from '../../shared/ui/Card';
import { hideLoading, showLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { getConnectedWallet } from '../../shared/wallet/client';
import { switchToSelected } from '../wallet/session-actions';
import { AllowanceLeft } from './AllowanceLeft';
import { BindDialog } from './BindDialog';
import { stakeEarnings } from './earnings';
import { earningsNotes, earningsRows, PlanRate } from './Earnings';
import { needsUpline, stakeSteps, withdrawPrincipalSteps, type StakeContext } from './stakeFlow';
import { StakeSummary, WithdrawPrincipalSummary } from './StakeSummary';
import {
  readUplineCount,
  serveKeys,
  usePlans,
  usePositions,
  useUplineCount,
  type PlanView,
  type PositionView,
} from './useServeData';
import { stakeAddressProblem, validateStakeAmount } from './validation';
import { InfoNote } from '../../shared/ui/InfoNote';
import { Skeleton } from '../../shared/ui/loading';
import './serve.css';

export default function ServePage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const queryClient = useQueryClient();
  const session = useSession();
  const network = useNetwork();
  const connection = useConnection();
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
  const fmt = useTokenFormat();
  // The contract's minimum, never a copy of it: '…' until it is read.
  const minStakeText = minStake === undefined ? '…' : fmt.amount(minStake, 'usdc');
  const paused = pool.data?.paused === true;
  const now = useChainTime(network);
  const runTx = useTx();
  const busy = useTxBusy();

  const [amountText, setAmountText] = useState('');
  const [chosenPlanId, setChosenPlanId] = useState<number | undefined>(undefined);
  const [bindCtx, setBindCtx] = useState<StakeContext | null>(null);
  const pending = useRef<{ plan: PlanView; amount: bigint } | null>(null);

  // The plan the user picked stays picked even if it closes meanwhile (Stake then says
  // 'Subscription has ended'), rather than the stake silently going into another plan.
  const plan =
    (chosenPlanId !== undefined ? plans.data?.find((p) => p.id === chosenPlanId) : undefined) ??
    plans.data?.find((p) => p.open);
  const wrongChain =
    session !== null &&
    connection.status === 'connected' &&
    connection.chainId !== undefined &&
    connection.chainId !== network.chainId;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: serveKeys.all }),
      queryClient.invalidateQueries({ queryKey: chainKeys.all }),
    ]);

  const typedAmount = parseAmountText(amountText, decimals);
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

  const confirmAndStake = async (ctx: StakeContext, chosen: PlanView, amount: bigint) => {
    // The figures before signing are computed afresh: the uplines as bound now (the bind step may
    // just have added one), the pool's price and the chain's time as of this moment.
    let uplineCount: number | undefined;
    try {
      uplineCount = await readUplineCount(ctx.config, network.chainId, ctx.deployment, ctx.user);
    } catch {
      uplineCount = undefined;
    }
    const done = await runTx({
      network,
      user: ctx.user,
      summary: (
        <StakeSummary
          network={network}
          deployment={ctx.deployment}
          amount={amount}
          termDays={chosen.termDays}
          symbol={rewardSymbol}
          uplinesKnown={uplineCount !== undefined}
          earnings={stakeEarnings({
            amount,
            dailyRate: chosen.dailyRate,
            termDays: chosen.termDays,
            reserves,
            uplineCount: uplineCount ?? 3,
            nowSeconds: now,
          })}
        />
      ),
      // Spec §4/§8: staking is the 'recharge' flow, with its own outcome toasts.
      success: 'toast.rechargeSucceeded',
      failure: 'toast.rechargeFailed',
      usdc: { token: ctx.deployment.usdc, contract: ctx.deployment.staking },
      steps: (tx) => stakeSteps(tx, ctx, chosen.id, amount),
    });
    if (done) setAmountText('');
  };

  const onWithdrawPrincipal = (position: PositionView, early: boolean) =>
    exclusive(async () => {
      if (!session || !user || !deployment) return toast(t('toast.connectWallet'));
      await runTx({
        network,
        user,
        summary: (
          <WithdrawPrincipalSummary
            network={network}
            deployment={deployment}
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

  const onStake = async () => {
    if (!session || !user) return toast(t('toast.connectWallet'));
    if (!deployment) return toast(t('serve.notDeployed', { network: network.label }));
    const addressProblem = stakeAddressProblem(deployment);
    if (addressProblem) return toast(t(addressProblem));
    // Without a balance read we cannot tell "too much" from "not loaded": say the query failed.
    if (balance.data === undefined || minStake === undefined) return toast(t('toast.queryFailed'));
    const validation = validateStakeAmount(amountText, decimals, balance.data, minStake);
    if (!validation.ok) return toast(t(validation.errorKey, { amount: minStakeText }));
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
      if (mustBind) {
        pending.current = { plan, amount: validation.amount };
        setBindCtx(ctx);
        return;
      }
      await confirmAndStake(ctx, plan, validation.amount);
    });
  };

  const onBound = async () => {
    const ctx = bindCtx;
    setBindCtx(null);
    const next = pending.current;
    pending.current = null;
    if (!ctx || !next) return;
    await exclusive(() => confirmAndStake(ctx, next.plan, next.amount));
  };

  const balanceText: ReactNode =
    !session || !deployment ? (
      '--'
    ) : balance.data !== undefined ? (
      formatAmount(balance.data, decimals, 6, i18n.language)
    ) : balance.isError ? (
      t('serve.readFailed')
    ) : (
      <Skeleton label={t('loading.loading')} />
    );

  return (
    <div className="serve">
      {wrongChain ? (
        <section className="card banner" role="alert">
          <p data-testid="wrong-network">
            {t('serve.wrongNetworkNamed', {
              network: network.label,
              // The wallet's network by name when it is one of ours, else its chain id.
              wallet:
                networkByChainId(connection.chainId!)?.label ??
                t('serve.chainNumber', { id: connection.chainId }),
            })}
          </p>
          <button
            type="button"
            className="button button--small"
            onClick={async () => {
              if (await switchToSelected(config)) await refresh();
            }}
          >
            {t('serve.switchTo', { network: network.label })}
          </button>
        </section>
      ) : null}

      {!deployment ? (
        <section className="card">
          <p>{t('serve.notDeployed', { network: network.label })}</p>
        </section>
      ) : null}

      {deployment && user && !wrongChain ? (
        <AllowanceLeft network={network} deployment={deployment} user={user} busy={busy} />
      ) : null}

      <section className="card balance-card">
        <h2 className="card__label">{t('serve.walletBalance')}</h2>
        <p className="balance-card__value">
          <span data-testid="wallet-balance">{balanceText}</span>{' '}
          <span className="muted">{USDC_SYMBOL}</span>
        </p>
        <InfoNote>{t('serve.balanceSource', { network: network.label })}</InfoNote>
      </section>

      <Card title={t('serve.plans')}>
        {plans.isLoading ? (
          <p className="muted">
            <Skeleton label={t('loading.loading')} wide />
          </p>
        ) : null}
        {plans.isError ? <p className="muted">{t('serve.readFailed')}</p> : null}
        {plans.data && plans.data.length === 0 ? (
          <p className="muted">{t('serve.noPlans')}</p>
        ) : null}
        <div className="plan-list" role="radiogroup" aria-label={t('serve.plans')}>
          {plans.data?.map((p) => (
            <button
              type="button"
              role="radio"
              aria-checked={plan?.id === p.id}
              key={p.id}
              className={`plan${plan?.id === p.id ? ' is-active' : ''}`}
              data-testid="plan-option"
              disabled={!p.open}
              onClick={() => setChosenPlanId(p.id)}
            >
              <span className="plan__term">{t('serve.termDays', { days: p.termDays })}</span>
              {deployment ? (
                <PlanRate
                  dailyRate={p.dailyRate}
                  deployment={deployment}
                  reserves={reserves}
                  symbol={rewardSymbol}
                />
              ) : null}
              {!p.open ? <span className="plan__ended">{t('serve.subscriptionEnded')}</span> : null}
            </button>
          ))}
        </div>
        <p className="small">
          <a href="#/pages/transparency/transparency" data-testid="serve-transparency-link">
            {t('serve.transparencyLink')}
          </a>
        </p>
      </Card>

      <section className="card">
        <AmountInput
          label={t('serve.stakeQuantity')}
          value={amountText}
          onChange={setAmountText}
          decimals={decimals}
          placeholder={t('serve.stakePlaceholder', { amount: minStakeText })}
          suffix={USDC_SYMBOL}
          onMax={() => {
            if (balance.data !== undefined) setAmountText(toInputAmount(balance.data, decimals));
          }}
        />
        <p className="muted small">
          {t('serve.minimumHint', {
            amount: minStake === undefined ? '…' : fmt.withSymbol(minStake, 'usdc'),
          })}
        </p>
        {earnings && plan && deployment ? (
          <div className="earnings" data-testid="stake-earnings" aria-live="polite">
            <h3 className="earnings__title">{t('serve.earn.title')}</h3>
            <dl className="summary__list">
              {earningsRows(t, i18n.language, i18n.dir() === 'rtl', {
                earnings,
                termDays: plan.termDays,
                deployment,
                symbol: rewardSymbol,
                uplinesKnown: uplines.data !== undefined,
              }).map((row) => (
                <div key={row.label} className="summary__row">
                  <dt>{row.label}</dt>
                  <dd data-testid={row.testId}>{row.value}</dd>
                </div>
              ))}
            </dl>
            {earningsNotes(t, rewardSymbol).map((note) => (
              <p key={note} className="muted small">
                {note}
              </p>
            ))}
          </div>
        ) : null}
        <button
          type="button"
          className="button button--block"
          disabled={busy}
          onClick={() => void onStake()}
        >
          {t('serve.stakeNow')}
        </button>
      </section>

      <Card title={t('serve.history')}>
        {!session ? <p className="muted">{t('serve.connectToSee')}</p> : null}
        {session && positions.isLoading ? (
          <p className="muted">
            <Skeleton label={t('loading.loading')} wide />
          </p>
        ) : null}
        {session && positions.isError ? <p className="muted">{t('serve.readFailed')}</p> : null}
        {positions.data && positions.data.length === 0 ? (
          <p className="muted">{t('serve.noHistory')}</p>
        ) : null}
        {paused ? (
          <p className="banner-note" data-testid="paused-note">
            {t('serve.principal.pausedBanner')}
          </p>
        ) : null}
        <ul className="position-list">
          {positions.data?.map((position) => {
            const ended = now >= position.endTime;
            const finished = position.withdrawn || ended;
            // Exit always works (DESIGN §1.4): after the term, or at once while the pool is paused.
            const canWithdraw = !position.withdrawn && (ended || paused);
            return (
              <li key={position.id} className="position" data-testid="position-row">
                <div className="position__head">
                  <span>
                    {position.termDays !== undefined
                      ? t('serve.termDays', { days: position.termDays })
                      : t('serve.planNumber', { id: position.planId })}
                  </span>
                  <span
                    className={`status ${finished ? 'status--done' : 'status--active'}`}
                    data-testid="position-status"
                  >
                    {position.withdrawn
                      ? t('serve.status.released')
                      : finished
                        ? t('serve.status.finished')
                        : t('serve.status.mining')}
                  </span>
                </div>
                <dl className="position__grid">
                  <dt>{t('serve.amount')}</dt>
                  <dd data-testid="position-amount">
                    {amountWithSymbol(
                      formatAmount(position.amount, decimals, 6, i18n.language),
                      USDC_SYMBOL,
                      i18n.dir(),
                    )}
                  </dd>
                  <dt>{t('serve.startTime')}</dt>
                  <dd>{formatDateTime(position.startTime, i18n.language)}</dd>
                  <dt>{t('serve.endTime')}</dt>
                  <dd>{formatDateTime(position.endTime, i18n.language)}</dd>
                </dl>
                {canWithdraw ? (
                  <button
                    type="button"
                    className="button button--small button--secondary position__action"
                    data-testid="withdraw-principal"
                    disabled={busy}
                    onClick={() => void onWithdrawPrincipal(position, !ended)}
                  >
                    {t('serve.principal.withdraw')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Card>

      {bindCtx ? (
        <BindDialog
          ctx={bindCtx}
          onClose={() => {
            pending.current = null;
            setBindCtx(null);
          }}
          onBound={() => void onBound()}
        />
      ) : null}
    </div>
  );
}
