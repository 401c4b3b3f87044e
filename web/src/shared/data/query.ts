import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../i18n/translate';
import { apiGet, routePath, type GetRoute } from '../api';
import type { DataOf } from '@app/server/api-schema';
import { useNetwork } from '../network';
import { useSession } from '../session';

export type Params = Record<string, string | number | undefined>;

/** Every query of server data starts with this key, so a finished transaction can refresh all. */
export const serverKey = ['server'] as const;

export interface ServerQueryOptions {
  /** The route needs a session: the query waits for one (the page shows a connect prompt). */
  auth: boolean;
  /** Send `chain=` (the network selected in the top bar). Default true. */
  chain?: boolean;
  refetchInterval?: number;
  enabled?: boolean;
  /** The answer is in the UI language (operator content): the language is part of the key. */
  language?: boolean;
}

/**
 * The key and fetch of one server route for the selected network and the signed-in address. The
 * session's address is part of the key, so another account never sees the previous one's figures.
 * Failures are shown by the page (no toast); a dead session (code 400) still logs out in `api`.
 */
export function useServerRoute(route: GetRoute, params: Params, options: ServerQueryOptions) {
  const network = useNetwork();
  const session = useSession();
  const chain = options.chain === false ? undefined : network.chainId;
  const address = session?.userAddress.toLowerCase() ?? null;
  const language = options.language ? currentLanguage() : null;
  return {
    key: [...serverKey, routePath(route), chain ?? null, address, params, language] as const,
    enabled: (options.enabled ?? true) && (!options.auth || session !== null),
    params: { ...params, chain },
    signedIn: session !== null,
  };
}

/** One server object (GET `route`), typed by the route's schema. */
export function useServerQuery<R extends GetRoute>(
  routeName: R,
  params: Params,
  options: ServerQueryOptions,
) {
  const route = useServerRoute(routeName, params, options);
  const query = useQuery({
    queryKey: route.key,
    enabled: route.enabled,
    refetchInterval: options.refetchInterval,
    queryFn: ({ signal }): Promise<DataOf<R>> =>
      apiGet(routeName, route.params, { toast: false, signal }),
  });
  return { ...query, signedIn: route.signedIn };
}
