import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { useTxBusy } from '../tx';
import { Address } from '../../shared/ui/Address';
import { Amount } from '../../shared/ui/Amount';
import { LinkList } from '../../shared/ui/LinkList';
import { Skeleton } from '../../shared/ui/loading';
import { EarningsCard } from './EarningsCard';
import { MembershipSection } from './membership/MembershipSection';
import MyPosition from './MyPosition';
import { useMineActions } from './useMineActions';
import { useMineState } from './useMineState';
import { WithdrawCard } from './WithdrawCard';
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

/**
 * Personal centre: withdraw first (the page's one action), then the position, dividends and earned
 * coin, memberships and the record pages. Reads in `useMineState`, writes in `useMineActions`.
 */
export default function MinePage() {
  const { t } = useTranslation();
  const state = useMineState();
  const actions = useMineActions(state);
  const busy = useTxBusy();
  const { session, deployment, network, user } = state;

  // A balance read from the chain, or why it is not shown.
  const shown = (value: bigint | undefined, failed: boolean, token: 'usdc' | 'reward' = 'usdc') =>
    (!session || !deployment ? (
      '--'
    ) : value !== undefined ? (
      <Amount value={value} token={token} hideUnit plain />
    ) : failed ? (
      t('serve.readFailed')
    ) : (
      <Skeleton label={t('loading.loading')} />
    )) as ReactNode;

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
      ) : null}
      <WithdrawCard
        state={state}
        shown={shown}
        busy={busy}
        onWithdraw={() => void actions.withdraw()}
      />
      <MyPosition />
      {session && deployment ? (
        <EarningsCard
          state={state}
          shown={shown}
          busy={busy}
          onClaim={() => void actions.claim()}
          onWithdrawCoin={() => void actions.withdrawCoin()}
        />
      ) : null}
      {deployment ? (
        <MembershipSection
          network={network}
          deployment={deployment}
          user={user}
          account={state.account.data}
          usdcBalance={state.balance.data}
        />
      ) : null}
      {session ? (
        <section className="card">
          <h2 className="card__label">{t('mine.address')}</h2>
          <p>
            <Address address={session.userAddress} testId="mine-address" />
          </p>
        </section>
      ) : null}
      <LinkList label={t('mine.records')} links={links} onOpen={navigate} />
    </div>
  );
}
