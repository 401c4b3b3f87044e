/**
 * The paginated server lists ("Load more"), apart from query.ts: only the list pages use them, so
 * TanStack Query's infinite-query code is not part of the first visit's home (issue 26 §1).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { DataOf } from '@app/server/api-schema';
import { apiGet, type GetRoute } from '../api';
import { nextPageParam, PAGE_SIZE, type PageParam } from './paging';
import { useServerRoute, type Params, type ServerQueryOptions } from './query';
import type { IncomeSource, IndexedPage, Page } from './types';

/** A GET route whose data is a page of a list (notices by page number, chain lists by cursor). */
type ListRoute = {
  [R in GetRoute]: DataOf<R> extends Page<unknown> | IndexedPage<unknown> ? R : never;
}[GetRoute];

/**
 * A paginated server list, loaded page by page ("Load more"): chain-derived lists continue after
 * the last page's cursor (`before`), the notice list by page number.
 */
export function useServerList<R extends ListRoute>(
  routeName: R,
  params: Params,
  options: ServerQueryOptions,
) {
  const route = useServerRoute(routeName, params, options);
  const query = useInfiniteQuery({
    queryKey: route.key,
    enabled: route.enabled,
    initialPageParam: {} as PageParam,
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        routeName,
        { ...route.params, ...pageParam, limit: PAGE_SIZE },
        { toast: false, signal },
      ),
    getNextPageParam: (last: DataOf<R>) => nextPageParam(last),
  });
  return { ...query, signedIn: route.signedIn };
}

export const useIncomeList = (source: IncomeSource | 'all') =>
  useServerList('GET /v1/income/list', { source }, { auth: true });

export const useActivityList = () => useServerList('GET /v1/activity/list', {}, { auth: true });

export const useWithdrawList = () => useServerList('GET /v1/withdraw/list', {}, { auth: true });

export const useExchangeList = () => useServerList('GET /v1/exchange/list', {}, { auth: true });

export const useTeamMembers = (depth: 1 | 2 | 3) =>
  useServerList('GET /v1/team/members', { depth }, { auth: true });

/**
 * The notices of the selected network's chain events and the operator's notices (another
 * network's changes are not listed); the read marks come with a session.
 */
export const useNoticeList = () => useServerList('GET /v1/notice/list', {}, { auth: false });
