/**
 * Watches window.ethereum, which some wallets inject late: Trust Wallet's in-app browser sets it
 * after the page's scripts ran and fires `trustwallet#initialized`; MetaMask's convention is
 * `ethereum#initialized`. On either event (and by polling during the first seconds) the popup's
 * list is rebuilt and EIP-6963 wallets are asked to announce themselves again.
 */
import { createStore, useStore } from '../../../shared/store';
import { knownIdFromFlags, type InjectedFlags, type KnownWalletId } from './knownWallets';

/** Spec §4: Trust Wallet provider detection gives up after 3000 ms. */
export const TRUST_DETECT_MS = 3000;
const POLL_MS = 250;

export interface InjectedState {
  /** window.ethereum as it is now. */
  ethereum: (InjectedFlags & object) | undefined;
  /** The named wallet behind it, by its flags. */
  flagged: KnownWalletId | undefined;
}

function read(): InjectedState {
  const ethereum = (window as unknown as { ethereum?: InjectedFlags & object }).ethereum;
  return { ethereum, flagged: knownIdFromFlags(ethereum) };
}

const injectedStore = createStore<InjectedState>(
  typeof window === 'undefined' ? { ethereum: undefined, flagged: undefined } : read(),
);
// The page's start (performance's time origin), not this module's: the wallet code loads on
// demand, possibly seconds after the page started.
const startedAt = 0;
let started = false;

function refresh(): void {
  const next = read();
  const now = injectedStore.get();
  if (next.ethereum !== now.ethereum || next.flagged !== now.flagged) injectedStore.set(next);
}

function onInitialized(): void {
  refresh();
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** Starts watching (idempotent). */
export function watchInjected(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('ethereum#initialized', onInitialized);
  window.addEventListener('trustwallet#initialized', onInitialized);
  const timer = setInterval(() => {
    refresh();
    if (performance.now() - startedAt >= TRUST_DETECT_MS) clearInterval(timer);
  }, POLL_MS);
}

/** Calls `listener` whenever window.ethereum (or the wallet behind it) changes. */
export function subscribeInjected(listener: () => void): () => void {
  return injectedStore.subscribe(listener);
}

export function useInjected(): InjectedState {
  return useStore(injectedStore);
}

/**
 * Waits for Trust Wallet until TRUST_DETECT_MS after the page started (it injects late), checking
 * `isPresent` on every change and poll. Resolves true as soon as it is there.
 */
export function waitForTrust(isPresent: () => boolean): Promise<boolean> {
  watchInjected();
  return new Promise((resolve) => {
    const check = () => {
      refresh();
      if (isPresent()) return done(true);
      if (performance.now() - startedAt >= TRUST_DETECT_MS) return done(false);
    };
    const timer = setInterval(check, 100);
    const unsubscribe = injectedStore.subscribe(check);
    function done(found: boolean) {
      clearInterval(timer);
      unsubscribe();
      resolve(found);
    }
    check();
  });
}

/** Milliseconds left of Trust Wallet's detection window (0 when it is over). */
export function trustDetectionLeft(): number {
  return Math.max(0, TRUST_DETECT_MS - (performance.now() - startedAt));
}
