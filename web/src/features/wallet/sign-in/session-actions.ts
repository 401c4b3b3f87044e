import {
  networkByChainId,
  networks,
  type NetworkInfo,
  type NetworkKey,
} from '@app/contracts/chains';
import { getAddress, toHex, type Address } from 'viem';
import type { Config, Connector } from 'wagmi';
import { connect, disconnect, getConnection } from 'wagmi/actions';
import { reLaunch } from '../../../app/router';
import { t } from '../../../i18n';
import { api } from '../../../shared/api';
import { getNetwork, networkStore, setNetwork } from '../../../shared/network';
import { standalone } from '../../../shared/deployment';
import { clearSession, sessionStore, setSession, WALLET_ONLY_TOKEN } from '../../../shared/session';
import { readStorage, storageKeys } from '../../../shared/storage';
import { hideLoading, showLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { getWalletChainId, switchWalletChain, type Eip1193 } from '../runtime/chain';
import { reconnectWallet } from '../reconnect/reconnectWallet';
import { isUserRejection } from '../runtime/errors';
import { loginFailureMessage } from './loginFailure';
import type { Login, LoginCode } from '../../../shared/data/types';

async function connectWallet(config: Config, connector: Connector): Promise<Address> {
  const connection = getConnection(config);
  if (connection.status === 'connected' && connection.address) {
    if (connection.connector?.uid === connector.uid) return connection.address;
    await disconnect(config).catch(() => undefined);
  }
  const result = await connect(config, { connector });
  const address = result.accounts[0];
  if (!address) throw new Error('No account');
  return address;
}

/**
 * Spec §4 login: connect → getcode → personal_sign the server's message → metamasklogin → store the
 * session, emit login-success → align the selected network with the wallet's chain.
 * Resolves true when logged in. Failures toast and leave the user logged out.
 */
export async function loginWith(config: Config, connector: Connector): Promise<boolean> {
  showLoading(t('loading.connecting'));
  let address: Address;
  try {
    address = getAddress(await connectWallet(config, connector));
  } catch {
    hideLoading();
    toast(t('toast.connectFailed'));
    return false;
  }

  let provider: Eip1193;
  if (standalone) {
    // No server to sign in to: the connected address is the session (shared/session.ts).
    provider = (await connector.getProvider()) as Eip1193;
    setSession({ token: WALLET_ONLY_TOKEN, uid: '', userAddress: address, loginInfo: {} });
    hideLoading();
    await followWalletChain(provider);
    return true;
  }
  try {
    provider = (await connector.getProvider()) as Eip1193;
    // The message names the chain the wallet is on (one of ours), so what the user reads in the
    // wallet matches it; the selected network follows the wallet right after login anyway.
    const walletChain = await getWalletChainId(provider).catch(() => undefined);
    const chain =
      walletChain !== undefined && networkByChainId(walletChain)
        ? walletChain
        : getNetwork().chainId;
    const code = await api.post<LoginCode>(
      '/v1/user/getcode',
      { address, chain },
      { toast: false },
    );
    showLoading(t('loading.loggingIn'));
    const signature = await provider.request({
      method: 'personal_sign',
      params: [toHex(code.Message), address],
    });
    const data = await api.post<Login>(
      '/v1/user/metamasklogin',
      {
        address,
        signature,
        // Names the message signed, so the login holds even if the network changed meanwhile.
        code: code.Code,
        invitecode: readStorage(storageKeys.inviteCode) ?? '',
      },
      { toast: false },
    );
    if (!data?.Token) throw new Error('No token');
    setSession({
      token: data.Token,
      uid: String(data.Id),
      userAddress: address,
      loginInfo: data,
    });
  } catch (error) {
    hideLoading();
    toast(loginFailureMessage(error, t('toast.loginFailed')));
    await disconnect(config).catch(() => undefined);
    return false;
  }
  hideLoading();
  toast(t('toast.loginSucceeded'));
  await followWalletChain(provider);
  return true;
}

/**
 * After login: if the wallet is on another chain, the selection follows it (56 → BSC, else ETH)
 * and the wallet is asked to switch. Failures here leave the user logged in.
 */
async function followWalletChain(provider: Eip1193): Promise<void> {
  try {
    const walletChainId = await getWalletChainId(provider);
    if (walletChainId !== getNetwork().chainId) {
      const key: NetworkKey = walletChainId === 56 ? 'BSC' : 'ETH';
      setNetwork(key);
      if (walletChainId !== networks[key].chainId) await switchWalletChain(provider, networks[key]);
    }
  } catch {
    // The Serve page offers "Switch to <network>" when the wallet is elsewhere.
  }
}

/** Clears the session, disconnects the wallet and reloads. */
export async function logout(config: Config): Promise<void> {
  clearSession();
  await disconnect(config).catch(() => undefined);
  window.location.reload();
}

/**
 * Network dropdown: with a connected wallet, ask it to switch first (4902 → add chain); on success
 * (or with no wallet) store the choice, relaunch at home and reload.
 */
export async function chooseNetwork(config: Config, key: NetworkKey): Promise<void> {
  if (key === networkStore.get()) return;
  const network: NetworkInfo = networks[key];
  // Signed in but the wallet forgot this site (after a reload): reconnect first, so the wallet
  // switches with the app rather than the app alone.
  if (sessionStore.get() && getConnection(config).status !== 'connected') {
    if (!(await reconnectWallet(config, true))) {
      toast(t('toast.connectFailed'));
      return;
    }
  }
  const connection = getConnection(config);
  if (connection.status === 'connected' && connection.connector) {
    try {
      const provider = (await connection.connector.getProvider()) as Eip1193;
      await switchWalletChain(provider, network);
    } catch (error) {
      toast(isUserRejection(error) ? t('toast.switchRejected') : t('toast.switchFailed'));
      return;
    }
  }
  setNetwork(key);
  reLaunch('/');
  window.location.reload();
}

/** Asks the connected wallet to switch to the selected network (the Serve page's action). */
export async function switchToSelected(config: Config): Promise<boolean> {
  const connection = getConnection(config);
  if (connection.status !== 'connected' || !connection.connector) return false;
  try {
    const provider = (await connection.connector.getProvider()) as Eip1193;
    await switchWalletChain(provider, getNetwork());
    return true;
  } catch (error) {
    toast(isUserRejection(error) ? t('toast.switchRejected') : t('toast.switchFailed'));
    return false;
  }
}
