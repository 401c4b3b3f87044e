/**
 * Whether the app can reach the network: the browser says it is offline (`navigator.onLine`), or
 * our API / RPC proxy did not answer. The no-network view shows while either holds; it recovers by
 * itself when the browser comes back online (and the server answers), or on Retry.
 */
import { standalone } from './deployment';
import { createStore, useStore } from './store';

export interface Connectivity {
  browserOnline: boolean;
  /** The last request to our server failed in transport (or the RPC upstream was down). */
  unreachable: boolean;
}

const connectivityStore = createStore<Connectivity>({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  unreachable: false,
});

export const isOffline = (c: Connectivity): boolean => !c.browserOnline || c.unreachable;

export function reportUnreachable(): void {
  connectivityStore.set((c) => (c.unreachable ? c : { ...c, unreachable: true }));
}

export function reportReachable(): void {
  connectivityStore.set((c) => (c.unreachable ? { ...c, unreachable: false } : c));
}

export function useConnectivity(): Connectivity {
  return useStore(connectivityStore);
}

const HEALTH_TIMEOUT_MS = 10_000;

/**
 * Asks the server whether it is there (GET /v1/health, never cached). True when it answered with
 * any envelope: the view goes away and the pages refetch.
 */
export async function checkConnectivity(): Promise<boolean> {
  const browserOnline = navigator.onLine;
  connectivityStore.set((c) => (c.browserOnline === browserOnline ? c : { ...c, browserOnline }));
  if (!browserOnline) return false;
  // The standalone build has no server to ask: the chain reads say for themselves.
  if (standalone) {
    reportReachable();
    return true;
  }
  try {
    const response = await fetch('/v1/health', {
      cache: 'no-store',
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    if (response.status >= 502 && response.status <= 504)
      throw new Error(`HTTP ${response.status}`);
    reportReachable();
    return true;
  } catch {
    reportUnreachable();
    return false;
  }
}

let watching = false;

/** Follows the browser's online/offline events; `onBack` runs when the network is back. */
export function watchConnectivity(onBack: () => void): () => void {
  if (watching || typeof window === 'undefined') return () => {};
  watching = true;
  const offline = () => connectivityStore.set((c) => ({ ...c, browserOnline: false }));
  const online = () => {
    connectivityStore.set((c) => ({ ...c, browserOnline: true }));
    void checkConnectivity().then((ok) => {
      if (ok) onBack();
    });
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    watching = false;
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}
