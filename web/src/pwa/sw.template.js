/* global self, caches */
/**
 * The offline app shell (hand-written; vite.config.ts fills in the build's file list and version
 * and emits it as /sw.js). On install it caches index.html and every hashed file of the build;
 * index.html is network-first (a new deploy shows at once, the cached shell when offline), the
 * hashed /assets/ are cache-first (they never change), and /v1 (API) and /rpc (chain) are never
 * touched: balances and sessions always come from the network or not at all.
 */
const VERSION = '__VERSION__';
const PRECACHE = self.__PRECACHE__;
const PREFIX = 'app-shell-';
const CACHE = `${PREFIX}${VERSION}`;
const scope = new URL(self.registration.scope);
const SHELL = new URL('index.html', scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new URL(path, scope).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirstShell(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(SHELL);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  if (/^(v1|rpc)(\/|$)/.test(path)) return;
  if (path === '' || path === 'index.html') {
    event.respondWith(networkFirstShell(request));
  } else if (path.startsWith('assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (PRECACHE.includes(path)) {
    event.respondWith(caches.match(request).then((cached) => cached || fetch(request)));
  }
});
