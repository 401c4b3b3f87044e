import { useTranslation } from 'react-i18next';
import { useTxBusy } from '../tx';
import { AllowanceLeft } from './AllowanceLeft';
import { BindDialog } from './BindDialog';
import { PositionList } from './PositionList';
import { StakeForm } from './StakeForm';
import { useStakeActions } from './useStakeActions';
import { useServeState } from './useServeState';
import { WrongNetworkBanner } from './WrongNetworkBanner';
import './serve.css';

/**
 * Serve: stake USDC into a plan, and the user's stakes. What the page reads and the form's state
 * are in `useServeState`, the order of the writes (bind first if needed, summary, permit/approve,
 * stake) in `useStakeActions`.
 */
export default function ServePage() {
  const { t } = useTranslation();
  const serve = useServeState();
  const actions = useStakeActions(serve);
  const busy = useTxBusy();
  const { network, deployment, user, session, connection } = serve;
  const walletChainId =
    session !== null && connection.status === 'connected' ? connection.chainId : undefined;
  const wrongChain = walletChainId !== undefined && walletChainId !== network.chainId;

  return (
    <div className="serve">
      {wrongChain ? (
        <WrongNetworkBanner
          network={network}
          walletChainId={walletChainId}
          onSwitched={serve.refresh}
        />
      ) : null}
      {!deployment ? (
        <section className="card">
          <p>{t('serve.notDeployed', { network: network.label })}</p>
        </section>
      ) : null}
      {deployment && user && !wrongChain ? (
        <AllowanceLeft network={network} deployment={deployment} user={user} busy={busy} />
      ) : null}
      <StakeForm serve={serve} busy={busy} onStake={() => void actions.stake()} />
      <PositionList
        serve={serve}
        busy={busy}
        onWithdraw={(position, early) => void actions.withdrawPrincipal(position, early)}
      />
      {actions.bindContext ? (
        <BindDialog
          ctx={actions.bindContext}
          onClose={actions.cancelBind}
          onBound={() => void actions.bound()}
        />
      ) : null}
    </div>
  );
}
