/**
 * Renders a component the way the app does, with the providers forms and dialogs use: TanStack
 * Query and a wagmi config for the local ETH chain (no wallet, no request sent while rendering),
 * and the toast region, so a test reads what the user is told.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { mainnet } from 'viem/chains';
import { createConfig, http, WagmiProvider } from 'wagmi';
import { Toaster } from '../shared/ui/toast';

export function renderInApp(ui: ReactNode): RenderResult {
  const config = createConfig({
    chains: [mainnet],
    connectors: [],
    transports: { [mainnet.id]: http('http://127.0.0.1:9') },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    </WagmiProvider>,
  );
}
