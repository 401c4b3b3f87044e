import { useTranslation } from 'react-i18next';
import type { ChainDeployment } from '../../shared/contracts';
import { useTokenFormat } from '../../shared/tokens';
import { type TxRequest, exclusive, useTx } from '../tx';
import { toast } from '../../shared/ui/toast';
import { claimDividendsSteps, withdrawRewardCoinSteps, withdrawSteps } from './mineFlow';
import { MineSummary, type MineKind } from './MineSummaries';
import type { MineState } from './useMineState';
import { validateWithdrawal } from './validation';

/** The Mine page's writes: withdraw USDC, withdraw the reward coin, claim dividends. */
export function useMineActions(state: MineState) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const runTx = useTx();
  const { session, user, deployment, network, minimum } = state;
  const a = state.account.data;

  /** One Mine write: its summary before the wallet opens, then the shared transaction flow. */
  const runMineTx = (
    dep: ChainDeployment,
    from: NonNullable<typeof user>,
    kind: MineKind,
    amount: bigint,
    steps: TxRequest['steps'],
  ) =>
    runTx({
      network,
      user: from,
      summary: (
        <MineSummary kind={kind} network={network} deployment={dep} user={from} amount={amount} />
      ),
      success: 'toast.txSucceeded',
      failure: 'toast.txFailed',
      // Withdrawals and dividends pay USDC out of the contract; the reward coin is not USDC.
      usdc: kind === 'withdrawCoin' ? undefined : { token: dep.usdc, contract: dep.staking },
      steps,
    });

  const withdraw = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || !a || minimum === undefined) return toast(t('toast.queryFailed'));
      const sentText = state.amountText;
      const validation = validateWithdrawal(state.amount, a.withdrawable, minimum);
      if (!validation.ok)
        return toast(
          t(validation.errorKey, {
            min: fmt.amount(minimum, 'usdc'),
            balance: fmt.amount(a.withdrawable, 'usdc'),
          }),
        );
      const done = await runMineTx(deployment, user, 'withdraw', validation.amount, (tx) =>
        withdrawSteps(tx, deployment, validation.amount),
      );
      if (done) state.clearAmountIfUnchanged(sentText);
    });

  const withdrawCoin = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || !a) return toast(t('toast.queryFailed'));
      if (a.earned === 0n) return toast(t('mine.errors.nothingEarned'));
      await runMineTx(deployment, user, 'withdrawCoin', a.earned, (tx) =>
        withdrawRewardCoinSteps(tx, deployment, a.earned),
      );
    });

  const claim = () =>
    exclusive(async () => {
      if (!session || !user) return toast(t('toast.connectWallet'));
      if (!deployment || !a) return toast(t('toast.queryFailed'));
      await runMineTx(deployment, user, 'claim', a.pendingDividend, (tx) =>
        claimDividendsSteps(tx, deployment),
      );
    });

  return { withdraw, withdrawCoin, claim };
}
