/**
 * Renders a component the way the app does, with the providers forms and dialogs use: TanStack
 * Query and a wagmi config for the local ETH chain (no wallet, no request sent while rendering),
 * and the toast region, so a test reads what the user is told.
 *
 * Chain reads are given, not read: `data` pre-fills the query cache under the keys the app's hooks
 * use (chainKeys, serveKeys, ...), and nothing goes stale during a test, so a hook shows the data
 * without asking the chain. The reward coin's symbol is pre-filled on both local chains ('WETH').
 */
import { supportedChainIds } from '@app/contracts/chains';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { mainnet } from 'viem/chains';
import { createConfig, http, WagmiProvider } from 'wagmi';
import { getDeployment } from '../shared/addresses';
import { Toaster } from '../shared/ui/toast';

/** A query's key and the data its hook gets. */
export type QueryData = readonly [key: QueryKey, data: unknown];

export const REWARD_SYMBOL = 'WETH';

export function renderInApp(
  ui: ReactNode,
  options: { data?: readonly QueryData[] } = {},
): RenderResult & { queryClient: QueryClient } {
  const config = createConfig({
    chains: [mainnet],
    connectors: [],
    transports: { [mainnet.id]: http('http://127.0.0.1:9') },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  for (const chainId of supportedChainIds) {
    const deployment = getDeployment(chainId);
    if (deployment)
      queryClient.setQueryData(['token-symbol', chainId, deployment.rewardToken], REWARD_SYMBOL);
  }
  for (const [key, data] of options.data ?? []) queryClient.setQueryData(key, data);
  const rendered = render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    </WagmiProvider>,
  );
  return { ...rendered, queryClient };
}
