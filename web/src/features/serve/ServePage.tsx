import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig, useConnection } from 'wagmi';
import { getDeployment } from '../../shared/contracts';
import { bpsToPercent, formatAmount, formatDateTime, toInputAmount } from '../../shared/format';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { runTxFlow } from '../../shared/tx';
import { AmountInput } from '../../shared/ui/AmountInput';
import { confirmDialog } from '../../shared/ui/confirm';
import { hideLoading, showLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { getConnectedWallet } from '../../shared/wallet/client';
import { switchToSelected } from '../wallet/session-actions';
import { BindDialog } from './BindDialog';
import { needsUpline, stakeFlow, type StakeContext } from './stakeFlow';
import { StakeSummary } from './StakeSummary';
import { serveKeys, usePlans, usePositions, useUsdcBalance, type PlanView } from './useServeData';
import { validateStakeAmount } from './validation';

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
  const plans = usePlans(network, deployment);
  const positions = usePositions(network, deployment, user, plans.data);
  const now = useNow(30_000);

  const [amountText, setAmountText] = useState('');
  const [chosenPlanId, setChosenPlanId] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [bindCtx, setBindCtx] = useState<StakeContext | null>(null);
  const pending = useRef<{ plan: PlanView; amount: bigint } | null>(null);

  const openPlans = plans.data?.filter((p) => p.open) ?? [];
  const plan =
    plans.data?.find((p) => p.id === chosenPlanId && p.open) ?? openPlans[0] ?? undefined;
  const wrongChain =
    session !== null &&
    connection.status === 'connected' &&
    connection.chainId !== undefined &&
    connection.chainId !== network.chainId;

  const refresh = () => queryClient.invalidateQueries({ queryKey: serveKeys.all });

  const confirmAndStake = async (ctx: StakeContext, chosen: PlanView, amount: bigint) => {
    const ok = await confirmDialog({
      title: t('dialog.confirmOperation'),
      content: (
        <StakeSummary
          network={network}
          deployment={ctx.deployment}
          amount={amount}
          termDays={chosen.termDays}
        />
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const done = await runTxFlow(() => stakeFlow(ctx, chosen.id, amount), {
      success: 'toast.txSucceeded',
      failure: 'toast.txFailed',
    });
    if (done) setAmountText('');
    await refresh();
  };

  const onStake = async () => {
    if (!session || !user) return toast(t('toast.connectWallet'));
    if (!deployment) return toast(t('serve.notDeployed', { network: network.label }));
    // Without a balance read we cannot tell "too much" from "not loaded": say the query failed.
    if (balance.data === undefined) return toast(t('toast.queryFailed'));
    const validation = validateStakeAmount(amountText, decimals, balance.data);
    if (!validation.ok) return toast(t(validation.errorKey));
    if (!plan) return toast(t('serve.subscriptionEnded'));

    setBusy(true);
    try {
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
    } finally {
      setBusy(false);
    }
  };

  const onBound = async () => {
    const ctx = bindCtx;
    setBindCtx(null);
    const next = pending.current;
    pending.current = null;
    if (!ctx || !next) return;
    setBusy(true);
    try {
      await confirmAndStake(ctx, next.plan, next.amount);
    } finally {
      setBusy(false);
    }
  };

  const balanceText =
    !session || !deployment
      ? '--'
      : balance.data !== undefined
        ? formatAmount(balance.data, decimals, 6, i18n.language)
        : balance.isError
          ? t('serve.readFailed')
          : t('loading.loading');

  return (
    <div className="serve">
      {wrongChain ? (
        <section className="card banner" role="alert">
          <p>{t('serve.wrongNetwork', { network: network.label })}</p>
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

      <section className="card balance-card">
        <h2 className="card__label">{t('serve.walletBalance')}</h2>
        <p className="balance-card__value">
          <span data-testid="wallet-balance">{balanceText}</span>{' '}
          <span className="muted">USDC</span>
        </p>
        <p className="muted small">{t('serve.balanceSource', { network: network.label })}</p>
      </section>

      <section className="card" aria-labelledby="plans-title">
        <h2 className="card__title" id="plans-title">
          {t('serve.plans')}
        </h2>
        {plans.isLoading ? <p className="muted">{t('loading.loading')}</p> : null}
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
              {p.dailyRateBps !== undefined ? (
                <span className="plan__rate">
                  {t('serve.dailyRate', { rate: bpsToPercent(p.dailyRateBps) })}
                </span>
              ) : null}
              {!p.open ? <span className="plan__ended">{t('serve.subscriptionEnded')}</span> : null}
            </button>
          ))}
        </div>
      </section>

      <section className="card">
        <AmountInput
          label={t('serve.stakeQuantity')}
          value={amountText}
          onChange={setAmountText}
          decimals={decimals}
          placeholder={t('serve.stakePlaceholder')}
          suffix="USDC"
          maxLabel={t('common.max')}
          onMax={() => {
            if (balance.data !== undefined) setAmountText(toInputAmount(balance.data, decimals));
          }}
        />
        <p className="muted small">{t('serve.minimumHint')}</p>
        <button
          type="button"
          className="button button--block"
          disabled={busy}
          onClick={() => void onStake()}
        >
          {t('serve.stakeNow')}
        </button>
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 className="card__title" id="history-title">
          {t('serve.history')}
        </h2>
        {!session ? <p className="muted">{t('serve.connectToSee')}</p> : null}
        {session && positions.isLoading ? <p className="muted">{t('loading.loading')}</p> : null}
        {session && positions.isError ? <p className="muted">{t('serve.readFailed')}</p> : null}
        {positions.data && positions.data.length === 0 ? (
          <p className="muted">{t('serve.noHistory')}</p>
        ) : null}
        <ul className="position-list">
          {positions.data?.map((position) => {
            const finished = position.withdrawn || now / 1000 >= position.endTime;
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
                    {finished ? t('serve.status.finished') : t('serve.status.mining')}
                  </span>
                </div>
                <dl className="position__grid">
                  <dt>{t('serve.amount')}</dt>
                  <dd data-testid="position-amount">
                    {formatAmount(position.amount, decimals, 6, i18n.language)} USDC
                  </dd>
                  <dt>{t('serve.startTime')}</dt>
                  <dd>{formatDateTime(position.startTime, i18n.language)}</dd>
                  <dt>{t('serve.endTime')}</dt>
                  <dd>{formatDateTime(position.endTime, i18n.language)}</dd>
                </dl>
              </li>
            );
          })}
        </ul>
      </section>

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

/** The current time, refreshed every `intervalMs` (a position turns 'Finished' without a reload). */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
