import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { markNoticesRead } from '../../shared/data/endpoints';
import { useNoticeList } from '../../shared/data/lists';
import type { Notice } from '../../shared/data/types';
import { useUnreadCount } from '../../shared/data/unread';
import { useNetwork } from '../../shared/network';
import { useSession } from '../../shared/session';
import { RelativeTime } from '../../shared/ui/DataViews';
import { PagedList } from '../../shared/ui/PagedList';
import { toast } from '../../shared/ui/toast';
import { NoticeChangeState } from './NoticeChangeState';
import { NoticeKind } from './NoticeKind';
import './notice.css';

export default function NoticePage() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const list = useNoticeList();
  const unread = useUnreadCount();
  const { chainId } = useNetwork();
  const [busy, setBusy] = useState(false);

  const markAll = async () => {
    setBusy(true);
    try {
      // What the list shows: this network's chain notices and the operator's (issue 24 §3).
      await markNoticesRead(queryClient, { all: true, chainId });
      toast(t('notice.allMarked'));
    } catch {
      // api has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="notices">
      <section className="card" aria-labelledby="notice-list-title">
        <div className="card__head">
          <h2 className="card__title" id="notice-list-title">
            {t('notice.listTitle')}
          </h2>
          {session ? (
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={busy || !unread}
              onClick={() => void markAll()}
            >
              {t('notice.markAllRead')}
            </button>
          ) : null}
        </div>
        {!session ? <p className="muted small">{t('notice.connectForMarks')}</p> : null}
        <PagedList<Notice>
          query={list}
          itemKey={(notice) => notice.id}
          label={t('notice.listTitle')}
          empty={t('notice.empty')}
          renderItem={(notice) => (
            <li>
              <button
                type="button"
                className={`notice-row notice-row--${notice.kind}${notice.read === false ? ' is-unread' : ''}`}
                data-testid="notice-row"
                data-read={notice.read === null ? undefined : String(notice.read)}
                onClick={() => navigate(`/pages/notice/details?id=${notice.id}`)}
              >
                <span className="notice-row__head">
                  {notice.read === false ? (
                    <span className="unread-dot" data-testid="unread-mark">
                      <span className="visually-hidden">{t('notice.unread')}</span>
                    </span>
                  ) : null}
                  <span className="notice-row__title" lang={notice.lang} dir="auto">
                    {notice.title}
                  </span>
                </span>
                <NoticeChangeState change={notice.change} />
                <span className="notice-row__meta muted small">
                  <NoticeKind kind={notice.kind} />
                  <RelativeTime iso={notice.publishedAt} />
                </span>
              </button>
            </li>
          )}
        />
      </section>
    </div>
  );
}
