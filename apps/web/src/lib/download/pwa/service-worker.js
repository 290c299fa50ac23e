// The site's service worker (built into /sw.js by the `aurum:pwa` Vite plugin, which fills in the
// build's version and app-shell files). It lets the installed web app start offline:
// - the app shell (the page, its entry scripts and styles, the manifest and icons) is cached on
//   install, in a cache named after the build, and older builds' caches are deleted on activate;
// - hashed /assets/* files never change, so they are served cache-first;
// - page navigations go to the network first, falling back to the cached shell only when offline;
// - nothing else is touched: API calls, sockets, the game pages, media and operator files always
//   go straight to the network.
const VERSION = '__SW_VERSION__';
const SHELL = __SW_SHELL__;
const PREFIX = 'aurum-shell-';
const CACHE = `${PREFIX}${VERSION}`;
const NETWORK_ONLY = ['/wps', '/lgw', '/ws', '/play', '/ops', '/seamless', '/health'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      ),
  );
});

const networkOnly = (path) => NETWORK_ONLY.some((p) => path === p || path.startsWith(`${p}/`));

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/', { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || networkOnly(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
