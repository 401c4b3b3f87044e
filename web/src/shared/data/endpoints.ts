/**
 * One hook per server route the data pages read (docs/CONTRACTS-OF-WORK.md). Each takes the
 * network from the top bar (`chain=`) and the session from storage; see query.ts. The paginated
 * lists are in lists.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { serverKey, useServerQuery } from './query';
import { unreadKey } from './unread';
import type { ReadResult } from './types';

const SUMMARY_REFRESH_MS = 30_000;

/**
 * Pool, market and platform figures for everyone; `me` when signed in. Not asked on a network
 * without contracts (`deployed` false): the server has no index for it and answers 404.
 */
export const useHome = (deployed: boolean) =>
  useServerQuery(
    'GET /v1/index/home',
    {},
    { auth: false, refetchInterval: SUMMARY_REFRESH_MS, enabled: deployed },
  );

/** Deployment, chains and the operator's content (FAQ, features, partners). */
export const useIndexConfig = () =>
  useServerQuery('GET /v1/index/config', {}, { auth: false, chain: false, language: true });

export const useIncomeDaily = (days: number) =>
  useServerQuery('GET /v1/income/daily', { days }, { auth: true });

export const useTeamSummary = () =>
  useServerQuery('GET /v1/team/summary', {}, { auth: true, refetchInterval: SUMMARY_REFRESH_MS });

export const useInviteInfo = () => useServerQuery('GET /v1/invite/info', {}, { auth: true });

export const useNoticeDetails = (id: number | undefined) =>
  useServerQuery(
    'GET /v1/notice/details',
    { id },
    { auth: false, chain: false, enabled: id !== undefined },
  );

/**
 * Marks one notice read, or all those the list shows (`chainId`: the selected network's chain
 * notices and the operator's, not another network's), then refreshes the lists and the bell's badge.
 */
export async function markNoticesRead(
  queryClient: QueryClient,
  which: { id: number } | { all: true; chainId: number },
): Promise<ReadResult> {
  const result = await api.post<ReadResult>(
    '/v1/notice/read',
    'id' in which ? { id: which.id } : { all: 1, chain: which.chainId },
  );
  // The badge asks again for the selected network (one notice's answer counts every network).
  await queryClient.invalidateQueries({ queryKey: unreadKey() });
  await queryClient.invalidateQueries({ queryKey: [...serverKey, '/v1/notice/list'] });
  await queryClient.invalidateQueries({ queryKey: [...serverKey, '/v1/notice/details'] });
  return result;
}
