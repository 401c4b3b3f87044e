import { useEffect, useRef } from 'react';
import { t } from '../i18n/translate';
import { api } from '../shared/api';
import { newNoticeCount, noticeTarget, type UnreadSeen } from '../shared/data/noticeAlert';
import type { Notice, Page } from '../shared/data/types';
import { useUnreadCount } from '../shared/data/unread';
import { useNetwork } from '../shared/network';
import { useSession } from '../shared/session';
import { notify } from '../shared/ui/notify';
import { navigate } from './router';

/**
 * A notice that arrives while the app is open (the unread count rises) shows the notify banner
 * for 3000 ms: 'New notification: <title>'; tapping it opens that notice (several: the list).
 */
export function NoticeNotifier() {
  const session = useSession();
  const unread = useUnreadCount();
  const seen = useRef<UnreadSeen | null>(null);
  const address = session?.userAddress.toLowerCase();
  const { chainId } = useNetwork();

  useEffect(() => {
    if (address === undefined || unread === undefined) return;
    const next = { address, chainId, count: unread };
    const arrived = newNoticeCount(seen.current, next);
    seen.current = next;
    if (arrived === 0) return;
    const show = (newest: Notice | undefined) =>
      notify({
        text:
          arrived === 1 && newest
            ? t('notify.newNotice', { title: newest.title })
            : t('notify.newNotices', { n: arrived }),
        onOpen: () => navigate(noticeTarget(arrived, newest?.id)),
      });
    // The newest notice names the banner; without it the banner still says that news arrived.
    api
      .get<Page<Notice>>('/v1/notice/list', { page: 1, limit: 1, chain: chainId }, { toast: false })
      .then((list) => show(list.items[0]))
      .catch(() => show(undefined));
  }, [address, chainId, unread]);

  return null;
}
