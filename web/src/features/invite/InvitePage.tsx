import { useState } from 'react';
import { Amount } from '../../shared/ui/Amount';
import { countFormat } from '../../shared/displayAmount';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { useInviteInfo } from '../../shared/data/endpoints';
import { useSession } from '../../shared/session';
import { Card } from '../../shared/ui/Card';
import { ConnectPrompt, ErrorState, LoadingState } from '../../shared/ui/DataViews';
import { Modal } from '../../shared/ui/Modal';
import { toast } from '../../shared/ui/toast';
import { copyText } from '../../shared/clipboard';
import { QrCode } from '../../shared/qr/QrCode';
import './invite.css';

export default function InvitePage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const info = useInviteInfo();
  const number = countFormat(i18n.language);
  // The link to copy by hand when the browser would not copy it (some in-app wallet browsers).
  const [manualCopy, setManualCopy] = useState<string | null>(null);

  if (!session) return <ConnectPrompt />;
  if (info.isPending) return <LoadingState />;
  if (!info.data) return <ErrorState onRetry={() => info.refetch()} />;
  const data = info.data;

  const copy = async () => {
    if (await copyText(data.link)) toast(t('invite.copied'));
    else setManualCopy(data.link);
  };

  return (
    <div className="invite">
      {manualCopy !== null ? (
        <Modal open onClose={() => setManualCopy(null)} title={t('dialog.tip')}>
          <p>{t('invite.copyFailed')}</p>
          <input
            className="field__input mono"
            data-testid="copy-by-hand"
            aria-label={t('invite.yourLink')}
            readOnly
            value={manualCopy}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="button-row">
            <button type="button" className="button" onClick={() => setManualCopy(null)}>
              {t('common.confirm')}
            </button>
          </div>
        </Modal>
      ) : null}
      <Card title={t('invite.yourLink')} className="invite__link-card">
        <p className="mono invite__link" data-testid="invite-link">
          {data.link}
        </p>
        <p className="muted small">
          {t('invite.yourCode')}{' '}
          <span className="mono" data-testid="invite-code">
            {data.inviteCode}
          </span>
        </p>
        <button type="button" className="button button--block" onClick={() => void copy()}>
          {t('invite.copy')}
        </button>
        <div className="invite__qr">
          <QrCode text={data.link} label={t('invite.qrLabel')} />
        </div>
        <p className="muted small">{t('invite.howItWorks')}</p>
        {!data.inTree ? (
          <p className="notice-line" role="note" data-testid="invite-not-in-tree">
            {t('invite.notInTree')}
          </p>
        ) : null}
      </Card>

      <Card title={t('invite.rewards')}>
        <dl className="stats">
          <div className="stats__item">
            <dt>{t('invite.referralRewards')}</dt>
            <dd data-testid="invite-referral">
              <Amount value={data.rewards.referral} token="reward" />
            </dd>
          </div>
          <div className="stats__item">
            <dt>{t('invite.teamRewards')}</dt>
            <dd data-testid="invite-team">
              <Amount value={data.rewards.team} token="reward" />
            </dd>
          </div>
          <div className="stats__item">
            <dt>{t('invite.directMembers')}</dt>
            <dd data-testid="invite-direct-members">{number.format(data.directMembers)}</dd>
          </div>
          <div className="stats__item">
            <dt>{t('invite.teamMembers')}</dt>
            <dd data-testid="invite-team-members">{number.format(data.teamMembers)}</dd>
          </div>
        </dl>
        <p className="muted small">{t('invite.rewardsNote')}</p>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => navigate('/pages/teams/teams')}
        >
          {t('nav.team')}
        </button>
      </Card>
    </div>
  );
}
