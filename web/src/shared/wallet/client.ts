import { toViemChain, type NetworkInfo } from '@app/contracts/chains';
import {
  createWalletClient,
  custom,
  type Address,
  type WalletClient,
  type Account,
  type Chain,
  type Transport,
} from 'viem';
import type { Config, Connector } from 'wagmi';
import { connect, getConnection, reconnect } from 'wagmi/actions';
import { getWalletChainId, rpcProxyUrl, switchWalletChain, type Eip1193 } from './chain';

export class WalletNotConnectedError extends Error {
  constructor() {
    super('Wallet not connected');
    this.name = 'WalletNotConnectedError';
  }
}

export interface ConnectedWallet {
  connector: Connector;
  address: Address;
  provider: Eip1193;
}

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

/**
 * The connected wallet, reconnecting if the page was reloaded; must be `expected` if given (the
 * session's address: then a wallet that forgot this site is asked again, since the user is acting).
 */
export async function getConnectedWallet(
  config: Config,
  expected?: string,
): Promise<ConnectedWallet> {
  let connection = getConnection(config);
  if (connection.status !== 'connected') {
    await reconnectWallet(config, expected !== undefined);
    connection = getConnection(config);
  }
  const { connector, address } = connection;
  if (connection.status !== 'connected' || !connector || !address)
    throw new WalletNotConnectedError();
  if (expected && address.toLowerCase() !== expected.toLowerCase())
    throw new WalletNotConnectedError();
  const provider = (await connector.getProvider()) as Eip1193;
  return { connector, address, provider };
}

export type AppWalletClient = WalletClient<Transport, Chain, Account>;

/** A viem wallet client on `network`, switching the wallet to it first (4902 → add chain). */
export async function walletClientOn(
  config: Config,
  network: NetworkInfo,
  expected?: string,
): Promise<AppWalletClient> {
  const wallet = await getConnectedWallet(config, expected);
  if ((await getWalletChainId(wallet.provider)) !== network.chainId)
    await switchWalletChain(wallet.provider, network);
  return createWalletClient({
    account: wallet.address,
    chain: toViemChain(network, rpcProxyUrl(network.chainId)),
    transport: custom(wallet.provider as Parameters<typeof custom>[0]),
  }) as AppWalletClient;
}
