import type { CreateConnectorFn } from 'wagmi';
import { reconnect } from 'wagmi/actions';
import { watchFirstReconnect } from '../features/wallet/walletLink';
import { sessionStore } from '../shared/session';
import { createWagmiConfig } from './wagmi';

export { default as MyPosition } from '../features/mine/MyPosition';

/**
 * Creates the one wagmi config and does what WagmiProvider's mount would: reconnect a signed-in
 * user's wallet, or forget connections stored by an earlier visit for an anonymous one.
 */
export async function startWalletRuntime() {
  const extra: CreateConnectorFn[] = [];
  if (import.meta.env.VITE_DEPLOYMENT === 'local')
    extra.push((await import('./localTestWallet')).localTestWallet());
  const config = createWagmiConfig(extra);
  const hasSession = sessionStore.get() !== null;
  watchFirstReconnect(config, hasSession);
  if (hasSession) void reconnect(config);
  else config.setState((state) => ({ ...state, connections: new Map() }));
  return config;
}
