import type { Hash } from 'viem';
import { isSamePage } from '../../app/router';
import { createStore, useStore } from '../../shared/store';

/**
 * The state of the one write flow that runs at a time, global so every page and dialog sees it:
 * while a flow runs every write button is disabled, and a rejection in the wallet (or any other end)
 * enables them all at once.
 */
const busyStore = createStore(0);

export function useTxBusy(): boolean {
  return useStore(busyStore) > 0;
}

export function isTxBusy(): boolean {
  return busyStore.get() > 0;
}

/** Marks a flow as running until the returned release is called (nestable, release is once-only). */
export function holdBusy(): () => void {
  busyStore.set((n) => n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    busyStore.set((n) => Math.max(0, n - 1));
  };
}

/**
 * Runs a button's handler unless a flow already runs (a second tap while the first is on its way is
 * ignored); the buttons stay disabled until it ends, however it ends.
 */
export async function exclusive<T>(run: () => Promise<T>): Promise<T | undefined> {
  if (isTxBusy()) return undefined;
  const release = holdBusy();
  try {
    return await run();
  } finally {
    release();
  }
}

/** One stage of a flow ('Authorizing', 'Paying', ...): a translation key and where it stands. */
export interface TxStageView {
  labelKey: string;
  /** wallet: waiting for the user in the wallet; confirming: sent, waiting for its block. */
  phase: 'wallet' | 'confirming' | 'done';
  hash?: Hash;
  /** An EIP-5792 batch: while confirming there is no hash yet, the wallet reports when it is done. */
  batch?: boolean;
}

export interface TxProgressState {
  chainId: number;
  stages: TxStageView[];
}

export const progressStore = createStore<TxProgressState | null>(null);

/** A fact the chain stored with the transaction, read after it was mined (a position's end). */
export interface TxReceiptFact {
  labelKey: string;
  unixSeconds: number;
}

/**
 * The last confirmed transaction of this visit: its hash and explorer line stay on the page where
 * it was made (`page`, the location hash then), not on every page the user goes to next.
 */
export interface TxReceiptView {
  chainId: number;
  hash: Hash;
  labelKey: string;
  page: string;
  fact?: TxReceiptFact;
}

export const receiptStore = createStore<TxReceiptView | null>(null);

/** How many receipt cards are mounted: the app shell's one (none where it is not rendered). */
let mountedReceiptCards = 0;

/** Called by the mounted receipt card; the returned function is its unmount. */
export function receiptCardMounted(): () => void {
  mountedReceiptCards += 1;
  let unmounted = false;
  return () => {
    if (unmounted) return;
    unmounted = true;
    mountedReceiptCards -= 1;
  };
}

/**
 * Whether a receipt of page `page` shows on screen now: a card is mounted and the user is still on
 * that page (the card brings itself into view and is announced). When it does, the card is the
 * transaction's one outcome and no toast repeats it; when not (the user went to another page
 * meanwhile) the toast says it.
 */
export function receiptCardShows(page: string): boolean {
  return mountedReceiptCards > 0 && isSamePage(page, window.location.hash);
}

export function useTxProgress(): TxProgressState | null {
  return useStore(progressStore);
}

export function useTxReceipt(): TxReceiptView | null {
  return useStore(receiptStore);
}
