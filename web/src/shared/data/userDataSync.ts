import type { QueryClient } from '@tanstack/react-query';

/**
 * "The user's data changed on chain X for account Y": said by the tab whose transaction was
 * confirmed, heard by every other tab of the app (same origin), which then reads again what this
 * tab reads again. Without it a second tab kept its old withdrawable amount and membership next to
 * a wallet balance that had moved (issue 24 §3).
 */
export interface UserDataChange {
  chainId: number;
  account: string;
}

/** The BroadcastChannel's name, and the localStorage key of the fallback. */
const CHANNEL = 'honest-stake:user-data-changed';

/** Parses what another tab sent; anything else (another app's message, a bad value) is ignored. */
export function parseUserDataChange(value: unknown): UserDataChange | null {
  const data = typeof value === 'string' ? safeJson(value) : value;
  if (typeof data !== 'object' || data === null) return null;
  const { chainId, account } = data as Record<string, unknown>;
  if (typeof chainId !== 'number' || typeof account !== 'string') return null;
  return { chainId, account };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The one channel of this tab: a BroadcastChannel never hears its own messages, only others'. */
let channel: BroadcastChannel | null | undefined;
function broadcastChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    // Node's channel (the unit tests) would keep the process alive; a browser's has no unref.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

/** Tells the other tabs of the app that `change.account`'s data on `change.chainId` changed. */
export function announceUserDataChanged(change: UserDataChange): void {
  const bc = broadcastChannel();
  if (bc) {
    bc.postMessage(change);
    return;
  }
  // No BroadcastChannel (older Safari): a write to localStorage fires `storage` in the other tabs
  // only. The time makes each write a change, so the same message twice is heard twice.
  try {
    localStorage.setItem(CHANNEL, JSON.stringify({ ...change, at: Date.now() }));
  } catch {
    // Storage unavailable (private mode): the other tabs still refresh on their own timers.
  }
}

/** Calls `listener` for each change another tab announces; returns the unsubscribe. */
export function onUserDataChangedElsewhere(listener: (change: UserDataChange) => void): () => void {
  const bc = broadcastChannel();
  if (bc) {
    const onMessage = (event: MessageEvent) => {
      const change = parseUserDataChange(event.data);
      if (change) listener(change);
    };
    bc.addEventListener('message', onMessage);
    return () => bc.removeEventListener('message', onMessage);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHANNEL || event.newValue === null) return;
    const change = parseUserDataChange(event.newValue);
    if (change) listener(change);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Every figure a transaction can move, read again at once: balances, withdrawable, membership,
 * positions, pool and server lists alike. One invalidation of every query (the ones that cannot
 * change, such as a token's symbol, are few and cheap): a page never shows a new figure next to
 * an old one because a key was forgotten in a list.
 */
export function refreshUserData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

/**
 * After a transaction of this tab: refresh this tab and tell the others to do the same.
 */
export function refreshAfterTransaction(
  queryClient: QueryClient,
  change: UserDataChange,
): Promise<void> {
  announceUserDataChanged(change);
  return refreshUserData(queryClient);
}
