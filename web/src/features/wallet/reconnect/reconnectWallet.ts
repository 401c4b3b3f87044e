import type { Config, Connector } from 'wagmi';
import { connect, getConnection, reconnect } from 'wagmi/actions';

// Its own module, without viem's wallet client: the header and the banner need it on every page.

/** The id of the wallet the user connected last on this site (wagmi's stored connector id). */
export async function recentConnectorId(config: Config): Promise<string | undefined> {
  try {
    return (await config.storage?.getItem('recentConnectorId')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The wallet the user connected last on this site, if present now. */
export async function recentConnector(config: Config): Promise<Connector | undefined> {
  const id = await recentConnectorId(config);
  return id ? config.connectors.find((c) => c.id === id) : undefined;
}

/**
 * Connects the wallet again after a reload: silently when the wallet still allows this site
 * (eth_accounts), otherwise, when `prompt` is set (the user reached for the wallet), by asking the
 * wallet the user connected last (eth_requestAccounts). No new sign-in: the session stays if the
 * wallet answers with the session's address (the session guard ends it otherwise).
 */
export async function reconnectWallet(config: Config, prompt: boolean): Promise<boolean> {
  // A silent reconnect may be running (at boot, or for a wallet that just appeared): its outcome
  // first, since wagmi ignores a second reconnect while one runs.
  await settledStatus(config);
  if (getConnection(config).status === 'connected') return true;
  await reconnect(config).catch(() => undefined);
  await settledStatus(config);
  if (getConnection(config).status === 'connected') return true;
  if (!prompt) return false;
  const connector = await recentConnector(config);
  if (!connector) return false;
  try {
    await connect(config, { connector });
  } catch {
    return false;
  }
  return getConnection(config).status === 'connected';
}

/**
 * Resolves once wagmi is not in the middle of a (re)connect, or after `maxWaitMs` (a wallet that
 * never answers must not hold the caller forever).
 */
export function settledStatus(config: Config, maxWaitMs = 10_000): Promise<void> {
  const busy = () => ['reconnecting', 'connecting'].includes(getConnection(config).status);
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    const unsubscribe = config.subscribe(
      (state) => state.status,
      () => {
        if (!busy()) done();
      },
    );
  });
}
