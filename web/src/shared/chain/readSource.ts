/**
 * Which source answered the latest chain read on each network (issue 18 §2): our /rpc proxy, one
 * of the user's own RPC URLs, the connected wallet, or the network's public RPC (standalone build),
 * or that there was none to ask.
 * Pages show it (shared/ui/ReadSourceNote.tsx) so a user knows whose node they are looking at.
 */
import { createStore, useStore } from '../store';

export type ReadSource =
  | { kind: 'server' }
  | { kind: 'user'; url: string }
  | { kind: 'wallet' }
  | { kind: 'public'; url: string }
  /** No source to ask: no /rpc (standalone), no URL of the user's, no wallet on this chain. */
  | { kind: 'none' };

const readSources = createStore<Readonly<Record<number, ReadSource>>>({});

function same(a: ReadSource | undefined, b: ReadSource): boolean {
  return a?.kind === b.kind && ('url' in a ? a.url : '') === ('url' in b ? b.url : '');
}

export function reportReadSource(chainId: number, source: ReadSource): void {
  readSources.set((all) => (same(all[chainId], source) ? all : { ...all, [chainId]: source }));
}

export function readSourceOf(chainId: number): ReadSource | undefined {
  return readSources.get()[chainId];
}

export function useReadSource(chainId: number): ReadSource | undefined {
  return useStore(readSources)[chainId];
}
