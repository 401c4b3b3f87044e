import { useTranslation } from 'react-i18next';
import type { Notice } from '../../shared/data/types';
import '../../shared/ui/data.css';

/**
 * Who wrote a notice: a timelock notice is generated from the chain (a parameter change queued
 * in the contract) and looks different from the operator's own notices.
 */
export function NoticeKind({ kind }: { kind: Notice['kind'] }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--${kind}`} data-testid="notice-kind">
      {kind === 'timelock' ? (
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="none">
          <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="2.2" />
          <path d="M12 7v5l3 2" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      ) : null}
      {t(`notice.kind.${kind}`)}
    </span>
  );
}
