import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChainTime } from '../../shared/chain/reads';
import { useTxBusy } from '../tx';
import { Amount } from '../../shared/ui/Amount';
import { Skeleton } from '../../shared/ui/loading';
import { CollectCard, FeeCard, PriceCard } from './ExchangeCards';
import { ExchangeFaq } from './ExchangeFaq';
import { ExchangeForm } from './ExchangeForm';
import { useExchangeActions } from './useExchangeActions';
import { useExchangeState } from './useExchangeState';
import './exchange.css';

/**
 * Exchange: earned reward coin into USDC. Reads and form state in `useExchangeState`, the order of
 * the writes in `useExchangeActions`; the form first (the page's one action), then collecting
 * mining, the pool price, the fee and the operator's FAQ.
 */
export default function ExchangePage() {
  const { t } = useTranslation();
  const state = useExchangeState();
  const actions = useExchangeActions(state);
  const busy = useTxBusy();
  const now = useChainTime(state.network);

  if (!state.deployment)
    return (
      <section className="card">
        <p>{t('serve.notDeployed', { network: state.network.label })}</p>
      </section>
    );

  // An account figure (reward coin): why it is missing when it is.
  const accountValue = (value: bigint | undefined): ReactNode =>
    !state.loggedIn ? (
      t('exchange.signInToSee')
    ) : value !== undefined ? (
      <Amount value={value} token="reward" hideUnit plain />
    ) : state.account.isError ? (
      t('serve.readFailed')
    ) : (
      <Skeleton label={t('loading.loading')} />
    );

  return (
    <div className="exchange">
      <ExchangeForm
        state={state}
        accountValue={accountValue}
        now={now}
        busy={busy}
        onExchange={() => void actions.exchange()}
      />
      <CollectCard
        state={state}
        accountValue={accountValue}
        busy={busy}
        onCollect={() => void actions.collect()}
      />
      <PriceCard state={state} />
      <FeeCard state={state} now={now} />
      <ExchangeFaq />
    </div>
  );
}
