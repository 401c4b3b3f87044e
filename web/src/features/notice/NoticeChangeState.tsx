import { useTranslation } from 'react-i18next';
import type { Notice } from '../../shared/data/types';
import { formatDateTime } from '../../shared/format';

/**
 * Where the change a timelock notice announces stands, as the chain index knows it (the server's
 * `change`): applied on its block's date, or never applied (expired past eta + grace, cancelled, or
 * replaced by a later change). Nothing while it is still queued: the notice's own text says from
 * when it can apply.
 */
export function NoticeChangeState({ change }: { change: Notice['change'] }) {
  const { t, i18n } = useTranslation();
  if (!change || change.status === 'queued' || change.at === null) return null;
  const date = formatDateTime(Date.parse(change.at) / 1000, i18n.language);
  return (
    <span
      className={`notice-change notice-change--${change.status}`}
      data-testid="notice-change"
      data-status={change.status}
      lang={i18n.language}
    >
      {t(`notice.change.${change.status}`, { date })}
    </span>
  );
}
