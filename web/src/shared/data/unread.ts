import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { useNetwork } from '../network';
import { useSession } from '../session';
import type { UnreadCount } from './types';

const UNREAD_REFRESH_MS = 60_000;

/** Key of the unread count (kept apart from query.ts: the top bar is on the first visit). */
export const unreadKey = (address?: string | null, chainId?: number) =>
  address === undefined
    ? (['server', '/v1/notice/unread'] as const)
    : (['server', '/v1/notice/unread', address, chainId] as const);

/**
 * Unread notices of the signed-in user (the bell's badge): the selected network's chain notices
 * and the operator's, not another network's; undefined when signed out.
 */
export function useUnreadCount(): number | undefined {
  const session = useSession();
  const { chainId } = useNetwork();
  const address = session?.userAddress.toLowerCase() ?? null;
  const query = useQuery({
    queryKey: unreadKey(address, chainId),
    enabled: session !== null,
    refetchInterval: UNREAD_REFRESH_MS,
    // Back in the app (another tab, another app on the phone): new notices show at once.
    refetchOnWindowFocus: 'always',
    queryFn: ({ signal }) =>
      api.get<UnreadCount>('/v1/notice/unread', { chain: chainId }, { toast: false, signal }),
  });
  return session ? query.data?.count : undefined;
}
