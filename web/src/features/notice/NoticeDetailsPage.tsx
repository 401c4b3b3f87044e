import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoute } from '../../app/router';
import { ApiError } from '../../shared/api';
import { markNoticesRead, useNoticeDetails } from '../../shared/data/endpoints';
import { useSession } from '../../shared/session';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/DataViews';
import { DateTime } from '../../shared/ui/DateTime';
import { NoticeChangeState } from './NoticeChangeState';
import { NoticeKind } from './NoticeKind';
import { parseNoticeId } from './noticeId';
import './notice.css';

const NOT_FOUND = 1007;

export default function NoticeDetailsPage() {
  const { t, i18n } = useTranslation();
  const { query } = useRoute();
  const id = parseNoticeId(query.get('id'));
  const session = useSession();
  const queryClient = useQueryClient();
  const details = useNoticeDetails(id);
  const notice = details.data;
  const marking = useRef<number | null>(null);

  // Opening an unread notice marks it read (once per notice, also under StrictMode's double run).
  useEffect(() => {
    if (!session || !notice || notice.read !== false || marking.current === notice.id) return;
    marking.current = notice.id;
    markNoticesRead(queryClient, { id: notice.id }).catch(() => {
      marking.current = null;
    });
  }, [session, notice, queryClient]);

  if (id === undefined) return <EmptyState>{t('notice.notFound')}</EmptyState>;
  if (details.isPending) return <LoadingState />;
  if (!notice) {
    const missing = details.error instanceof ApiError && details.error.body?.code === NOT_FOUND;
    return missing ? (
      <EmptyState>{t('notice.notFound')}</EmptyState>
    ) : (
      <ErrorState onRetry={() => details.refetch()} />
    );
  }
  const published = Date.parse(notice.publishedAt);
  return (
    <article
      className={`card notice notice--${notice.kind}`}
      lang={notice.lang}
      data-testid="notice-details"
    >
      <NoticeKind kind={notice.kind} />
      <h2 className="notice__title" dir="auto">
        {notice.title}
      </h2>
      <p className="muted small">
        {Number.isNaN(published) ? null : <DateTime unixSeconds={published / 1000} />}
      </p>
      <p>
        <NoticeChangeState change={notice.change} />
      </p>
      <p className="notice__body" dir="auto" data-testid="notice-body">
        {notice.body}
      </p>
      {notice.lang !== i18n.language ? (
        <p className="muted small" lang={i18n.language}>
          {t('notice.otherLanguage')}
        </p>
      ) : null}
      {notice.kind === 'timelock' ? (
        <p className="muted small" lang={i18n.language}>
          {t('notice.timelockNote')}
        </p>
      ) : null}
    </article>
  );
}
