import type { Config, Connector } from 'wagmi';
import { connect, getConnection, reconnect } from 'wagmi/actions';

// Its own module, without viem's wallet client: the header and the banner need it on every page.

/** The wallet the user connected last on this site (wagmi's stored connector id), if present now. */
export async function recentConnector(config: Config): Promise<Connector | undefined> {
  let id: string | null | undefined;
  try {
    id = await config.storage?.getItem('recentConnectorId');
  } catch {
    id = undefined;
  }
  return id ? config.connectors.find((c) => c.id === id) : undefined;
}

/**
 * Connects the wallet again after a reload: silently when the wallet still allows this site
 * (eth_accounts), otherwise, when `prompt` is set (the user reached for the wallet), by asking the
 * wallet the user connected last (eth_requestAccounts). No new sign-in: the session stays if the
 * wallet answers with the session's address (the session guard ends it otherwise).
 */
export async function reconnectWallet(config: Config, prompt: boolean): Promise<boolean> {
  if (getConnection(config).status === 'connected') return true;
  await reconnect(config).catch(() => undefined);
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
