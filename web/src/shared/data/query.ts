import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { useNetwork } from '../network';
import { useSession } from '../session';
import { nextPageParam, PAGE_SIZE, type PageParam } from './paging';
import type { IndexedPage, Page } from './types';

type Params = Record<string, string | number | undefined>;

/** Every query of server data starts with this key, so a finished transaction can refresh all. */
export const serverKey = ['server'] as const;

export interface ServerQueryOptions {
  /** The route needs a session: the query waits for one (the page shows a connect prompt). */
  auth: boolean;
  /** Send `chain=` (the network selected in the top bar). Default true. */
  chain?: boolean;
  refetchInterval?: number;
  enabled?: boolean;
}

/**
 * The key and fetch of one server route for the selected network and the signed-in address. The
 * session's address is part of the key, so another account never sees the previous one's figures.
 * Failures are shown by the page (no toast); a dead session (code 400) still logs out in `api`.
 */
function useRoute(path: string, params: Params, options: ServerQueryOptions) {
  const network = useNetwork();
  const session = useSession();
  const chain = options.chain === false ? undefined : network.chainId;
  const address = session?.userAddress.toLowerCase() ?? null;
  return {
    key: [...serverKey, path, chain ?? null, address, params] as const,
    enabled: (options.enabled ?? true) && (!options.auth || session !== null),
    params: { ...params, chain },
    signedIn: session !== null,
  };
}

/** One server object (GET `path`). */
export function useServerQuery<T>(path: string, params: Params, options: ServerQueryOptions) {
  const route = useRoute(path, params, options);
  const query = useQuery({
    queryKey: route.key,
    enabled: route.enabled,
    refetchInterval: options.refetchInterval,
    queryFn: ({ signal }) => api.get<T>(path, route.params, { toast: false, signal }),
  });
  return { ...query, signedIn: route.signedIn };
}

/**
 * A paginated server list, loaded page by page ("Load more"): chain-derived lists continue after
 * the last page's cursor (`before`), the notice list by page number.
 */
export function useServerList<P extends Page<unknown> | IndexedPage<unknown>>(
  path: string,
  params: Params,
  options: ServerQueryOptions,
) {
  const route = useRoute(path, params, options);
  const query = useInfiniteQuery({
    queryKey: route.key,
    enabled: route.enabled,
    initialPageParam: {} as PageParam,
    queryFn: ({ pageParam, signal }) =>
      api.get<P>(
        path,
        { ...route.params, ...pageParam, limit: PAGE_SIZE },
        { toast: false, signal },
      ),
    getNextPageParam: (last: P) => nextPageParam(last),
  });
  return { ...query, signedIn: route.signedIn };
}
