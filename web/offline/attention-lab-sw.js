// attention-lab-sw.js — the lab's service worker: after one visit, the lab works with the network
// off. scripts/service-worker.mjs copies this file beside attention-lab.js at build time and fills
// in VERSION (the package's version and a hash of every file) and FILES (every file of the lab's
// folder, relative to this script). Registered by the lab page, and by a course page only when
// its author asks (enableOffline(), web/offline/register.js).
//
//   install    caches every file of FILES in one versioned cache
//   activate   deletes the caches of older builds of this folder, then takes over open pages
//   fetch      same-origin GETs only (anything else goes to the network untouched):
//              assets/… (names with a content hash, never changed) from the cache first;
//              everything else from the network first (a new build is seen at once), else from
//              the cache. A page in scope that is not the lab's (a course page) is kept too.

const VERSION = 'dev';
const FILES = [];

const base = new URL('./', self.location.href);
const CACHE = `attention-lab-${VERSION}-${base.pathname}`;
const PAGES = `attention-lab-pages-${VERSION}-${base.pathname}`;
const OURS = new Set([CACHE, PAGES]);

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: 'reload' skips the HTTP cache, so the files are this build's.
    await cache.addAll(FILES.map((file) => new Request(new URL(file, base), { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      const forThisFolder = key.startsWith('attention-lab-') && key.endsWith(`-${base.pathname}`);
      if (forThisFolder && !OURS.has(key)) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

/** The cached copy of a request: a lab file whatever its query (embed.html?widget=…), else a kept page. */
async function cached(request) {
  return (await caches.match(request, { cacheName: CACHE, ignoreSearch: true }))
    ?? (await caches.match(request, { cacheName: PAGES }));
}

async function cacheFirst(request) {
  const hit = await cached(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    const url = new URL(request.url);
    const isLabFile = FILES.includes(url.pathname.slice(base.pathname.length) || './');
    if (response.ok && response.type === 'basic' && !isLabFile) (await caches.open(PAGES)).put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cached(request);
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== base.origin || !url.pathname.startsWith(base.pathname) || request.headers.has('range')) return;
  event.respondWith(url.pathname.startsWith(`${base.pathname}assets/`) ? cacheFirst(request) : networkFirst(request));
});
