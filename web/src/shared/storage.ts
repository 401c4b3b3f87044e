/** Every localStorage key the app uses (spec §3 plus the pending invitation). */
export const storageKeys = {
  lang: 'lang',
  token: 'token',
  uid: 'uid',
  userAddress: 'userAddress',
  loginInfo: 'loginInfo',
  networkType: 'networkType',
  /**
   * Invitation that arrived in the `code` URL parameter: the upline's address, or the inviter's
   * InviteCode until the server resolved it (shared/invitation.ts). Used at login and when binding.
   */
  inviteCode: 'inviteCode',
  /**
   * The user's own RPC URLs per chain id (JSON `{ "<chainId>": ["https://..."] }`), read after our
   * /rpc proxy fails (shared/chain/rpcSettings.ts); only on this device.
   */
  rpcUrls: 'rpcUrls',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStorage(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the app still works for this visit.
  }
}
