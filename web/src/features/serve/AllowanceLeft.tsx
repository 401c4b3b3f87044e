import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { contractCall, type ChainDeployment } from '../../shared/contracts';
import { useContractRead } from '../../shared/contracts/useContractRead';
import { useTokenFormat } from '../../shared/tokens';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { useNetworkFee } from '../../shared/useNetworkFee';
import { exclusive, TxSummary, useTx } from '../tx';

/** approve(staking, 0) on the USDC: what the reset sends, and what its fee is estimated for. */
const resetCall = (deployment: ChainDeployment) =>
  contractCall(deployment, {
    contract: 'usdc',
    functionName: 'approve',
    args: [deployment.staking, 0n],
  });

/**
 * Issue 11 §4: an approval whose stake was then rejected in the wallet leaves an allowance the
 * user should know about. While one is open (and no flow is running) the Serve page says so and
 * offers to set it back to 0 with an exact `approve(staking, 0)`.
 */
export function AllowanceLeft(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const runTx = useTx();
  const { network, deployment, user, busy } = props;
  const allowance = useContractRead({
    network,
    deployment,
    contract: 'usdc',
    functionName: 'allowance',
    args: [user, deployment.staking],
    refetchInterval: 30_000,
  });
  if (busy || !allowance.data) return null;
  const left = allowance.data;
  const shown = fmt.withSymbol(left, 'usdc');
  const onReset = () =>
    exclusive(async () => {
      // useTx reads every query again afterwards, this allowance included.
      await runTx({
        network,
        user,
        summary: (
          <AllowanceResetSummary
            network={network}
            deployment={deployment}
            user={user}
            allowance={left}
          />
        ),
        success: 'toast.txSucceeded',
        failure: 'toast.txFailed',
        steps: async (tx) => {
          await tx.send('loading.authorizing', () =>
            tx.wallet.writeContract(resetCall(deployment)),
          );
        },
      });
    });
  return (
    <section className="card banner" role="status" data-testid="allowance-left">
      <p>{t('serve.allowance.left', { amount: shown })}</p>
      <button type="button" className="button button--small" onClick={() => void onReset()}>
        {t('serve.allowance.reset')}
      </button>
    </section>
  );
}

/** What the reset does, and the network fee of that approve(staking, 0), before the wallet opens. */
function AllowanceResetSummary(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
  allowance: bigint;
}) {
  const { t } = useTranslation();
  const { network, deployment, user, allowance } = props;
  const shown = useTokenFormat().withSymbol(allowance, 'usdc');
  const fee = useNetworkFee(network, deployment, user, {
    key: ['resetAllowance'],
    build: () => resetCall(deployment),
  });
  return (
    <TxSummary
      testId="allowance-reset-summary"
      intro={t('serve.allowance.summary', { amount: shown })}
      rows={[
        // The address the approve goes to is the token's (issue 19 §3), not the staking contract.
        { label: t('serve.summary.token'), address: deployment.usdc },
        { label: t('serve.allowance.spender'), address: deployment.staking },
        { label: t('serve.summary.network'), value: network.label },
        { label: t('serve.allowance.amount'), amount: allowance, token: 'usdc' },
      ]}
      fee={<NetworkFeeLine state={fee} />}
    />
  );
}
