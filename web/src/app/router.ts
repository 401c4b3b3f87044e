import { useSyncExternalStore } from 'react';

/**
 * A tiny hash router with the spec's navigation types: navigate (push), redirect (replace),
 * switchTab, reLaunch (replace, history depth reset) and back. Navigating to the page already
 * shown is ignored.
 */
export interface RouteLocation {
  path: string;
  query: URLSearchParams;
}

interface HistoryState {
  depth?: number;
}

let cachedHash = '';
let cached: RouteLocation = { path: '/', query: new URLSearchParams() };

function normalizePath(path: string): string {
  const clean = path.replace(/\/+$/, '');
  return clean === '' ? '/' : clean.startsWith('/') ? clean : `/${clean}`;
}

export function parseHash(hash: string): RouteLocation {
  const raw = hash.replace(/^#/, '');
  const [path = '', query = ''] = raw.split('?');
  return { path: normalizePath(path), query: new URLSearchParams(query) };
}

function current(): RouteLocation {
  const hash = window.location.hash;
  if (hash !== cachedHash) {
    cachedHash = hash;
    cached = parseHash(hash);
  }
  return cached;
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('hashchange', notify);
    window.addEventListener('popstate', notify);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('hashchange', notify);
      window.removeEventListener('popstate', notify);
    }
  };
}

export function useRoute(): RouteLocation {
  return useSyncExternalStore(subscribe, current, current);
}

function depth(): number {
  return (window.history.state as HistoryState | null)?.depth ?? 0;
}

/** '/' and '/pages/index/index' are both the home page (spec §2). */
const homePaths = ['/', '/pages/index/index'];

const canonical = (path: string) => (homePaths.includes(path) ? '/' : path);

/** True when two hash targets show the same page with the same parameters. */
export function isSamePage(a: string, b: string): boolean {
  const [at, bt] = [parseHash(a), parseHash(b)];
  return canonical(at.path) === canonical(bt.path) && at.query.toString() === bt.query.toString();
}

function samePage(target: string): boolean {
  return isSamePage(target, window.location.hash);
}

function hrefFor(target: string): string {
  return `${window.location.pathname}${window.location.search}#${target}`;
}

/** Opens a page on top of the current one. */
export function navigate(target: string): void {
  if (samePage(target)) return;
  window.history.pushState({ depth: depth() + 1 } satisfies HistoryState, '', hrefFor(target));
  notify();
}

/** Replaces the current page. */
export function redirect(target: string): void {
  if (samePage(target)) return;
  window.history.replaceState({ depth: depth() } satisfies HistoryState, '', hrefFor(target));
  notify();
}

/** Goes to a tab page. */
export function switchTab(target: string): void {
  navigate(target);
}

/** Restarts the app at a page (history depth back to 0). */
export function reLaunch(target: string): void {
  window.history.replaceState({ depth: 0 } satisfies HistoryState, '', hrefFor(target));
  notify();
}

/** Back one page, or to home when there is nothing to go back to. */
export function back(): void {
  if (depth() > 0) window.history.back();
  else reLaunch('/');
}
