import { useTranslation } from 'react-i18next';
import { Amount } from '../../shared/ui/Amount';
import { DateTime } from '../../shared/ui/DateTime';
import { Card } from '../../shared/ui/Card';
import { Skeleton } from '../../shared/ui/loading';
import type { PositionView } from './useServeData';
import type { ServeState } from './useServeState';

/** The user's stakes, newest first, each with Withdraw principal once it may leave. */
export function PositionList(props: {
  serve: ServeState;
  busy: boolean;
  onWithdraw: (position: PositionView, early: boolean) => void;
}) {
  const { t } = useTranslation();
  const { serve, busy, onWithdraw } = props;
  const { session, positions, paused, now } = serve;
  return (
    <Card title={t('serve.history')}>
      {!session ? <p className="muted">{t('serve.connectToSee')}</p> : null}
      {session && positions.isLoading ? <Skeleton label={t('loading.loading')} wide /> : null}
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
          // Exit always works (docs/TRUST.md rule 4): after the term, or at once while the pool is
          // paused.
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
                  <Amount value={position.amount} token="usdc" />
                </dd>
                <dt>{t('serve.startTime')}</dt>
                <dd>
                  <DateTime unixSeconds={position.startTime} />
                </dd>
                <dt>{t('serve.endTime')}</dt>
                <dd>
                  <DateTime unixSeconds={position.endTime} />
                </dd>
              </dl>
              {canWithdraw ? (
                <button
                  type="button"
                  className="button button--small button--secondary position__action"
                  data-testid="withdraw-principal"
                  disabled={busy}
                  onClick={() => onWithdraw(position, !ended)}
                >
                  {t('serve.principal.withdraw')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
