import type { NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import type { Address as AddressHex } from 'viem';
import { useChainTime, useStakingValues, type StakingAccount } from '../../../shared/chain/reads';
import type { ChainDeployment } from '../../../shared/contracts';
import { exclusive, useTxBusy, useTx } from '../../tx';
import { Address } from '../../../shared/ui/Address';
import { Card } from '../../../shared/ui/Card';
import { toast } from '../../../shared/ui/toast';
import {
  MEMBERSHIP,
  offerViews,
  purchaseBlocker,
  purchasePrice,
  remaining,
  type MembershipParams,
  type Purchase,
} from './membership';
import { purchaseSteps } from './purchaseFlow';
import { PurchaseSummary } from './PurchaseSummary';
import { useTokenFormat } from '../../../shared/tokens';
import { useQueuedChange } from '../../../shared/chain/timelock';
import { Skeleton } from '../../../shared/ui/loading';

const statusKeys = ['nodes.status.none', 'nodes.status.node', 'nodes.status.founder'];

/**
 * Nodes and founders: price, limit, sold and remaining from the contract's public getters, the
 * user's status, and the purchases (exact approval, paid into Staking for the operator's treasury).
 */
export function MembershipSection(props: {
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: AddressHex | undefined;
  account: StakingAccount | undefined;
  usdcBalance: bigint | undefined;
}) {
  const { t } = useTranslation();
  const { network, deployment, user, account, usdcBalance } = props;
  const runTx = useTx();
  const busy = useTxBusy();
  const values = useStakingValues(network, deployment, [
    ...offerViews,
    'paused',
    'treasury',
    'feeBps',
    'ECOLOGICAL_SHARE_BPS',
  ]);
  const v = values.data;
  const params: MembershipParams | undefined = v;
  const membership = account?.membership ?? MEMBERSHIP.none;
  const fmt = useTokenFormat();
  const usdc = (value: bigint) => fmt.withSymbol(value, 'usdc');
  const queuedFee = useQueuedChange(network, deployment, 'feeBps').data ?? undefined;
  const now = useChainTime(network);

  const onPurchase = (kind: Purchase) =>
    exclusive(async () => {
      if (!user) return toast(t('toast.connectWallet'));
      if (!v || !params || !account || usdcBalance === undefined)
        return toast(t('toast.queryFailed'));
      const blocker = purchaseBlocker(kind, account.membership, params);
      if (blocker) return toast(t(blocker));
      const price = purchasePrice(kind, params, account);
      if (price > usdcBalance) return toast(t('nodes.errors.insufficient'));
      await runTx({
        network,
        user,
        summary: (
          <PurchaseSummary
            network={network}
            deployment={deployment}
            user={user}
            kind={kind}
            price={price}
            treasury={v.treasury}
            feeBps={v.feeBps}
            ecologicalShareBps={v.ECOLOGICAL_SHARE_BPS}
            queuedFee={queuedFee}
            now={now}
          />
        ),
        success: 'toast.txSucceeded',
        failure: 'toast.txFailed',
        steps: (tx) => purchaseSteps(tx, deployment, kind, price),
      });
    });

  const action = (kind: Purchase, label: string, testId: string) => {
    const blocker = params && user && account ? purchaseBlocker(kind, membership, params) : null;
    // Sold out and paused are said on the button's card; an existing membership needs no text.
    const shownBlocker =
      blocker && blocker !== 'nodes.blocked.alreadyMember' && blocker !== 'nodes.blocked.notNode'
        ? blocker
        : null;
    return (
      <>
        {shownBlocker ? (
          <p className="notice-text" data-testid={`${testId}-blocked`}>
            {t(shownBlocker)}
          </p>
        ) : null}
        {blocker === 'nodes.blocked.notNode' ? null : (
          <button
            type="button"
            className="button button--block"
            data-testid={testId}
            disabled={busy || blocker !== null}
            onClick={() => void onPurchase(kind)}
          >
            {label}
          </button>
        )}
      </>
    );
  };

  return (
    <Card title={t('nodes.title')} testId="membership">
      <p className="muted small">{t('nodes.explain')}</p>
      {user ? (
        <p>
          {t('nodes.yourStatus')}{' '}
          <strong data-testid="membership-status">
            {t(statusKeys[membership] ?? statusKeys[0]!)}
          </strong>
        </p>
      ) : null}
      {account ? (
        <p className="muted small" data-testid="membership-history">
          {t('nodes.history', {
            node: account.purchasedNode ? t('nodes.yes') : t('nodes.no'),
            founder: account.purchasedFounder ? t('nodes.yes') : t('nodes.no'),
          })}
        </p>
      ) : null}
      {!v ? (
        <p className="muted">
          {values.isError ? t('serve.readFailed') : <Skeleton label={t('loading.loading')} wide />}
        </p>
      ) : (
        <>
          <div className="membership-grid">
            <div className="membership" data-testid="node-offer">
              <h3 className="membership__title">{t('nodes.node')}</h3>
              <dl className="summary__list">
                <dt>{t('nodes.price')}</dt>
                <dd data-testid="node-price">{usdc(v.nodePrice)}</dd>
                <dt>{t('nodes.sold')}</dt>
                <dd data-testid="node-sold">
                  {t('nodes.soldOf', {
                    sold: v.nodeSold.toString(),
                    limit: v.nodeLimit.toString(),
                  })}
                </dd>
                <dt>{t('nodes.remaining')}</dt>
                <dd data-testid="node-remaining">
                  {remaining(v.nodeLimit, v.nodeSold).toString()}
                </dd>
              </dl>
              {membership === MEMBERSHIP.none
                ? action('node', t('nodes.buyNode'), 'buy-node')
                : null}
            </div>
            <div className="membership" data-testid="founder-offer">
              <h3 className="membership__title">{t('nodes.founder')}</h3>
              <dl className="summary__list">
                <dt>{t('nodes.price')}</dt>
                <dd data-testid="founder-price">{usdc(v.founderPrice)}</dd>
                <dt>{t('nodes.sold')}</dt>
                <dd data-testid="founder-sold">
                  {t('nodes.soldOf', {
                    sold: v.founderSold.toString(),
                    limit: v.founderLimit.toString(),
                  })}
                </dd>
                <dt>{t('nodes.remaining')}</dt>
                <dd data-testid="founder-remaining">
                  {remaining(v.founderLimit, v.founderSold).toString()}
                </dd>
              </dl>
              {membership === MEMBERSHIP.none
                ? action('founder', t('nodes.buyFounder'), 'buy-founder')
                : null}
              {membership === MEMBERSHIP.node
                ? action(
                    'upgrade',
                    t('nodes.upgrade', { amount: usdc(purchasePrice('upgrade', v, account)) }),
                    'upgrade-founder',
                  )
                : null}
            </div>
          </div>
          <p className="muted small">
            {t('nodes.treasuryNote')} <Address address={v.treasury} testId="treasury-address" />
          </p>
          <p className="muted small">{t('nodes.earns')}</p>
          {v.feeBps === 0n ? <p className="muted small">{t('nodes.summary.feeZero')}</p> : null}
        </>
      )}
    </Card>
  );
}
