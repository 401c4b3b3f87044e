import type { Hash } from 'viem';

/**
 * A sent transaction whose receipt we still wait for, or an EIP-5792 batch (`callsId`, the id the
 * wallet gave; it has no hash until the wallet reports it mined); kept in sessionStorage across
 * reloads.
 */
export type PendingTx = { hash: Hash; chainId: number } | { callsId: string; chainId: number };

const PENDING_KEY = 'pendingTx';

export function readPendingTx(): PendingTx | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingTx) : null;
  } catch {
    return null;
  }
}

export function writePendingTx(pending: PendingTx | null): void {
  try {
    if (pending) sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Without storage a reload simply forgets the pending transaction.
  }
}
