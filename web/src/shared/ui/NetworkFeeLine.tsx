import { useTranslation } from 'react-i18next';
import { worthLessThanFee } from '../chain/networkFee';
import type { NetworkFeeState } from '../useNetworkFee';
import { Amount } from './Amount';
import { Skeleton } from './loading';
import './network-fee.css';

/** What the placeholder names as the missing part, by `waitingFor`. */
const waitingForKey = {
  amount: 'networkFee.afterAmount',
  address: 'networkFee.afterAddress',
  binding: 'networkFee.afterBinding',
} as const;

/**
 * One line right above a form's main button (issue 24 §2), and in a Confirm dialog right after the
 * summary's rows (TxSummary's `fee`): the network fee of the exact transaction the button sends, in
 * the chain's coin and in USDC at the pool price ("Network fee, at most 0.0001 ETH ≈ 0.30 USDC"),
 * a placeholder while it is unknown, and never a made-up figure. With
 * `valueUsdc` (what the amount moved is worth) it also warns, without blocking, when the fee is
 * worth more than the amount. `waitingFor` names what the placeholder waits for: an amount in most
 * forms, an address in the bind dialog, an inviter for a stake by someone not yet in the referral
 * tree (the chain refuses that stake, so it has no fee of its own yet).
 */
export function NetworkFeeLine({
  state,
  valueUsdc,
  waitingFor = 'amount',
}: {
  state: NetworkFeeState;
  valueUsdc?: bigint;
  waitingFor?: 'amount' | 'address' | 'binding';
}) {
  const { t } = useTranslation();
  const { call, fee, usdc, failed } = state;
  let figure;
  if (!call) figure = <span className="muted">{t(waitingForKey[waitingFor])}</span>;
  else if (fee)
    figure = (
      <>
        <Amount value={fee.coin} token="native" testId="network-fee-coin" />
        {usdc !== undefined ? (
          <span className="network-fee__usdc">
            {' ≈ '}
            <Amount value={usdc} token="usdc" testId="network-fee-usdc" />
          </span>
        ) : null}
      </>
    );
  else if (failed) figure = <span className="muted">{t('networkFee.unavailable')}</span>;
  else figure = <Skeleton label={t('loading.loading')} />;
  return (
    <>
      <p className="network-fee small" data-testid="network-fee">
        <span className="muted">{t('networkFee.label')}</span> {figure}
      </p>
      {valueUsdc !== undefined && fee && worthLessThanFee(valueUsdc, usdc) ? (
        <p className="banner-note" role="status" data-testid="worth-less-than-fee">
          {t('networkFee.worthLess')}
        </p>
      ) : null}
    </>
  );
}
