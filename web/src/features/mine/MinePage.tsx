import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { useStakingAccount, useStakingValues, useUsdcBalance } from '../../shared/chain/reads';
import { getDeployment } from '../../shared/contracts';
import { USDC_SYMBOL, useRewardSymbol } from '../../shared/tokens';
import { AmountUnit } from '../../shared/ui/Amounts';
import MyPosition from './MyPosition';
import { formatAmount, toInputAmount } from '../../shared/format';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { exclusive, useTxBusy } from '../../shared/tx/progress';
import type { TxRequest } from '../../shared/tx/flow';
import { useTx } from '../../shared/tx/useTx';
import { AmountInput } from '../../shared/ui/AmountInput';
import { Card } from '../../shared/ui/Card';
import { LinkList } from '../../shared/ui/LinkList';
import { toast } from '../../shared/ui/toast';
import { MembershipSection } from './membership/MembershipSection';
import { claimDividendsSteps, withdrawRewardCoinSteps, withdrawSteps } from './mineFlow';
import { MineSummary, type MineKind } from './MineSummaries';
import { validateWithdrawAmount } from './validation';
import { Skeleton } from '../../shared/ui/loading';
import './mine.css';

const links = [
  { path: '/pages/invite/invite', titleKey: 'nav.invite' },
  { path: '/pages/teams/teams', titleKey: 'nav.team' },
  { path: '/pages/income/income', titleKey: 'nav.income' },
  { path: '/pages/activity/activity', titleKey: 'nav.activity' },
  { path: '/pages/withdraws/withdraws', titleKey: 'nav.withdraws' },
  { path: '/pages/records/records', titleKey: 'nav.records' },
  { path: '/pages/notice/notice', titleKey: 'nav.notice' },
];

/** Personal centre: balances read from the chain, withdraw, dividends, memberships, the records. */
export default function MinePage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const network = useNetwork();
  const deployment = getDeployment(network.chainId);
  const user = session?.userAddress;
  const runTx = useTx();
  const busy = useTxBusy();

  const balance = useUsdcBalance(network, deployment, user);
  const account = useStakingAccount(network, deployment, user);
  const params = useStakingValues(network, deployment, ['minWithdrawal']);
  const rewardSymbol = useRewardSymbol(network, deployment);
  const [amountText, setAmountText] = useState('');

  const usdcDecimals = deployment?.usdcDecimals ?? 6;
  const rewardDecimals = deployment?.rewardTokenDecimals ?? 18;
  const symbol = rewardSymbol ?? t('list.rewardCoin');
  const lang = i18n.language;
  const minimum = params.data?.minWithdrawal;
  const a = account.data;

  const shown = (
    value: bigint | undefined,
    decimals: number,
    failed: boolean,
    digits = 6,
  ): ReactNode =>
    !session || !deployment ? (
      '--'
    ) : value !== undefined ? (
      formatAmount(value, decimals, digits, lang)
    ) : failed ? (
      t('serve.readFailed')
    ) : (
      <Skeleton label={t('loading.loading')} />
    );

  /** One Mine write: its summary before the wallet opens, then the shared transaction flow. */
  const runMineTx = (
    dep: NonNullable<typeof deployment>,
    from: NonNullable<typeof user>,
    kind: MineKind,
    amount: bigint,
    token: { decimals: number; symbol: string },
    steps: TxRequest['steps'],
  ) =>
    runTx({
      network,
      user: from,
      summary: (
        <MineSummary
          kind={kind}
          network={network}
          deployment={dep}
          user={from}
          amount={amount}
          decimals={token.decimals}
          symbol={token.symbol}
        />
      ),
      success: 'toast.txSucceeded',
      failure: 'toast.txFailed',
      // Withdrawals and dividends pay USDC out of the contract; the reward coin is not USDC.
      usdc: kind === 'withdrawCoin' ? undefined : { token: dep.usdc, contract: dep.staking },
      steps,
    });

  const onWithdraw = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || !a || minimum === undefined) return toast(t('toast.queryFailed'));
      const validation = validateWithdrawAmount(amountText, usdcDecimals, a.withdrawable, minimum);
      if (!validation.ok)
        return toast(
          t(validation.errorKey, {
            min: formatAmount(minimum, usdcDecimals, 6, lang),
            balance: formatAmount(a.withdrawable, usdcDecimals, 6, lang),
          }),
        );
      const done = await runMineTx(
        deployment,
        user,
        'withdraw',
        validation.amount,
        { decimals: usdcDecimals, symbol: USDC_SYMBOL },
        (tx) => withdrawSteps(tx, deployment, validation.amount),
      );
      if (done) setAmountText('');
    });

  const onWithdrawCoin = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || !a) return toast(t('toast.queryFailed'));
      if (a.earned === 0n) return toast(t('mine.errors.nothingEarned'));
      await runMineTx(
        deployment,
        user,
        'withdrawCoin',
        a.earned,
        { decimals: rewardDecimals, symbol },
        (tx) => withdrawRewardCoinSteps(tx, deployment, a.earned),
      );
    });

  const onClaim = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || !a) return toast(t('toast.queryFailed'));
      await runMineTx(
        deployment,
        user,
        'claim',
        a.pendingDividend,
        { decimals: usdcDecimals, symbol: USDC_SYMBOL },
        (tx) => claimDividendsSteps(tx, deployment),
      );
    });

  return (
    <div className="mine">
      {!deployment ? (
        <section className="card">
          <p>{t('serve.notDeployed', { network: network.label })}</p>
        </section>
      ) : null}
      {!session ? (
        <section className="card">
          <p className="muted">{t('mine.connectToSee')}</p>
        </section>
      ) : (
        <section className="card">
          <h2 className="card__label">{t('mine.address')}</h2>
          <p className="mono" data-testid="mine-address">
            {session.userAddress}
          </p>
        </section>
      )}
      <MyPosition />

      <section className="card balance-grid" aria-label={t('mine.balances')}>
        <div>
          <h2 className="card__label">{t('mine.walletBalance')}</h2>
          <p className="balance-card__value">
            <span data-testid="mine-wallet-usdc">
              {shown(balance.data, usdcDecimals, balance.isError)}
            </span>{' '}
            <span className="muted">{USDC_SYMBOL}</span>
          </p>
        </div>
        <div>
          <h2 className="card__label">{t('mine.withdrawable')}</h2>
          <p className="balance-card__value">
            <span data-testid="mine-withdrawable">
              {shown(a?.withdrawable, usdcDecimals, account.isError)}
            </span>{' '}
            <span className="muted">{USDC_SYMBOL}</span>
          </p>
        </div>
        <p className="muted small balance-grid__note">
          {t('mine.balancesSource', { network: network.label })}
        </p>
      </section>

      <Card title={t('mine.withdrawTitle')}>
        <AmountInput
          label={t('mine.withdrawAmount')}
          value={amountText}
          onChange={setAmountText}
          decimals={usdcDecimals}
          placeholder={t('mine.withdrawPlaceholder')}
          suffix={USDC_SYMBOL}
          onMax={() => {
            if (a) setAmountText(toInputAmount(a.withdrawable, usdcDecimals));
          }}
        />
        <p className="muted small" data-testid="mine-min-withdrawal">
          {minimum !== undefined ? (
            t('mine.minimumHint', { min: formatAmount(minimum, usdcDecimals, 6, lang) })
          ) : (
            <Skeleton label={t('loading.loading')} wide />
          )}
        </p>
        <button
          type="button"
          className="button button--block"
          disabled={busy}
          onClick={() => void onWithdraw()}
        >
          {t('mine.withdraw')}
        </button>
      </Card>

      {session && deployment ? (
        <Card title={t('mine.earnings')}>
          <div className="row-between">
            <span>
              {t('mine.dividend')}:{' '}
              <span data-testid="mine-dividend">
                {shown(a?.pendingDividend, usdcDecimals, account.isError)}
              </span>{' '}
              {USDC_SYMBOL}
            </span>
            {a && a.pendingDividend > 0n ? (
              <button
                type="button"
                className="button button--small"
                disabled={busy}
                onClick={() => void onClaim()}
              >
                {t('mine.claim')}
              </button>
            ) : null}
          </div>
          {a && a.pendingDividend === 0n ? (
            <p className="muted small">{t('mine.noDividend')}</p>
          ) : null}
          <div className="row-between">
            <span>
              {t('mine.earnedCoin')}:{' '}
              <AmountUnit>
                <span data-testid="mine-earned">
                  {shown(a?.earned, rewardDecimals, account.isError, 8)}
                </span>{' '}
                {symbol}
              </AmountUnit>
            </span>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={busy || !a || a.earned === 0n}
              onClick={() => void onWithdrawCoin()}
            >
              {t('mine.withdrawCoin', { symbol })}
            </button>
          </div>
          <p className="muted small">{t('mine.withdrawCoinHint', { symbol })}</p>
        </Card>
      ) : null}

      {deployment ? (
        <MembershipSection
          network={network}
          deployment={deployment}
          user={user}
          account={a}
          usdcBalance={balance.data}
        />
      ) : null}

      <LinkList label={t('mine.records')} links={links} onOpen={navigate} />
    </div>
  );
}
