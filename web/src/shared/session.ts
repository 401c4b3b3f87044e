import { createStore, useStore } from './store';
import { readStorage, storageKeys, writeStorage } from './storage';

export interface Session {
  token: string;
  uid: string;
  userAddress: `0x${string}`;
  loginInfo: Record<string, unknown>;
}

function load(): Session | null {
  const token = readStorage(storageKeys.token);
  const userAddress = readStorage(storageKeys.userAddress);
  if (!token || !userAddress) return null;
  let loginInfo: Record<string, unknown> = {};
  try {
    loginInfo = JSON.parse(readStorage(storageKeys.loginInfo) ?? '{}') as Record<string, unknown>;
  } catch {
    loginInfo = {};
  }
  return {
    token,
    uid: readStorage(storageKeys.uid) ?? '',
    userAddress: userAddress as `0x${string}`,
    loginInfo,
  };
}

/**
 * The token of a session in the standalone build (issue 18 §3): there is no server to sign in to,
 * so connecting the wallet is the session; its address is whose chain figures the pages show, and
 * nothing is ever sent with this token (shared/api.ts asks no server in that build).
 */
export const WALLET_ONLY_TOKEN = 'wallet-only';

export const sessionStore = createStore<Session | null>(load());

export function useSession(): Session | null {
  return useStore(sessionStore);
}

export function setSession(session: Session): void {
  writeStorage(storageKeys.token, session.token);
  writeStorage(storageKeys.uid, session.uid);
  writeStorage(storageKeys.userAddress, session.userAddress);
  writeStorage(storageKeys.loginInfo, JSON.stringify(session.loginInfo));
  sessionStore.set(session);
  window.dispatchEvent(new CustomEvent('login-success', { detail: session }));
}

/** Clears the session keys (the language and network choices stay). */
export function clearSession(): void {
  for (const key of [
    storageKeys.token,
    storageKeys.uid,
    storageKeys.userAddress,
    storageKeys.loginInfo,
  ])
    writeStorage(key, null);
  sessionStore.set(null);
}

export function getToken(): string {
  return sessionStore.get()?.token ?? '';
}
