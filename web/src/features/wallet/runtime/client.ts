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
import { getConnection } from 'wagmi/actions';
import { getWalletChainId, rpcProxyUrl, switchWalletChain, type Eip1193 } from './chain';
import { reconnectWallet } from '../reconnect/reconnectWallet';

export { reconnectWallet } from '../reconnect/reconnectWallet';

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
