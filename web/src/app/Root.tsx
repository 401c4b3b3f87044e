import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { WagmiContext } from 'wagmi';
import { useWalletConfig } from '../features/wallet/runtime/loadRuntime';
import { App } from './App';

/**
 * The app with its providers, as main.tsx mounts it and as the build renders it into index.html
 * (src/shell/renderShell.tsx): one tree, so the pre-rendered shell cannot drift from the app.
 *
 * wagmi's context is always in the tree (so nothing remounts when the wallet code arrives); its
 * value is the config once loaded. Components that use wagmi's hooks render only from then on.
 */
export function Root({ queryClient }: { queryClient: QueryClient }) {
  const config = useWalletConfig();
  return (
    <WagmiContext.Provider value={config ?? undefined}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </WagmiContext.Provider>
  );
}
