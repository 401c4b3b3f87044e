import type { CreateConnectorFn } from 'wagmi';
import { watchWalletAnswer } from '../reconnect/walletAnswer';
import { resumeWalletConnect } from '../connect/walletConnectOption';
import { sessionStore } from '../../../shared/session';
import { createWagmiConfig } from './wagmiConfig';

export { MyPosition } from '../../mine';

/**
 * Creates the one wagmi config and does what WagmiProvider's mount would: reconnect a signed-in
 * user's wallet (now and whenever a late wallet appears: walletAnswer.ts), or forget connections
 * stored by an earlier visit for an anonymous one.
 */
export async function startWalletRuntime() {
  const extra: CreateConnectorFn[] = [];
  if (import.meta.env.VITE_DEPLOYMENT === 'local')
    extra.push((await import('./localTestWallet')).localTestWallet());
  const config = createWagmiConfig(extra);
  const hasSession = sessionStore.get() !== null;
  if (!hasSession) config.setState((state) => ({ ...state, connections: new Map() }));
  else await resumeWalletConnect(config);
  watchWalletAnswer(config, hasSession);
  return config;
}
