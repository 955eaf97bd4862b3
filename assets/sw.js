/* Table Games service worker (served at /sw.js, so its scope is the whole site "/").
 *
 * - install:  precache the app shell (offline page, manifest, icons) and, best effort, the
 *             start page "/" with the build files it references; then skipWaiting().
 * - activate: delete caches of older versions, enable navigation preload, clients.claim().
 * - fetch:
 *     page navigations     network first; offline -> the cached copy of that page -> /offline.html
 *     build files          cache first: /assets/... (the production build's hashed JS/CSS) or any
 *                          file with a content hash in its name (name-AbC123xy.js)
 *     other static files   network first, cached copy when offline (icons, card faces, CSS...)
 *     everything else      not touched: other origins (the dev backend), non-GET, the websocket
 *                          and backend endpoints (/_event, /_upload, /ping, /_health, /api/ ...),
 *                          and the Vite dev server's module requests (/@vite, /node_modules, ?v=)
 *
 * Bump VERSION when this file or the shell list changes: the new worker then installs
 * fresh caches and removes the old ones.
 */
"use strict";

const VERSION = "v1";
const PREFIX = "tablegames-";
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`; // offline page, manifest, icons
const PAGES_CACHE = `${PREFIX}pages-${VERSION}`; // HTML of pages visited (network first)
const ASSETS_CACHE = `${PREFIX}assets-${VERSION}`; // hashed build files (cache first)
const STATIC_CACHE = `${PREFIX}static-${VERSION}`; // other static files (network first)
const CURRENT_CACHES = [SHELL_CACHE, PAGES_CACHE, ASSETS_CACHE, STATIC_CACHE];

const OFFLINE_URL = "/offline.html";
const START_URL = "/";
const SHELL_URLS = [
  OFFLINE_URL,
  "/manifest.webmanifest",
  "/icons/icon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
  "/icons/apple-touch-icon.png",
];

// Caches that grow at run time keep only their newest entries.
const MAX_ENTRIES = { [PAGES_CACHE]: 40, [ASSETS_CACHE]: 200, [STATIC_CACHE]: 200 };

// Backend endpoints of Reflex (same origin in `reflex run --env prod`) and app APIs: never cached.
const BACKEND_PREFIXES = ["/_event", "/_upload", "/_health", "/_all_routes", "/ping", "/auth-codespace", "/api/"];
// Requests the Vite dev server (`reflex run --env dev`) answers from .web/: modules, HMR,
// pre-bundled deps. Their names carry no hash and change on every edit: never cached.
const DEV_SERVER_PREFIXES = ["/@", "/node_modules/", "/app/", "/app_components/", "/components/", "/utils/", "/styles/", "/__"];
// A content hash as the last part of a file name, as Vite/Rollup emit them: name-BtqC1yDG.js,
// chunk.1a2b3c4d.css. The hash must hold a digit or a capital, so that plain words
// ("context-registry.js") are not taken for one.
// Only code, styles and fonts: images from assets/ (card faces...) stay network first.
const HASHED_NAME = /[.-](?=[A-Za-z0-9_-]*[0-9A-Z])[A-Za-z0-9_-]{8,}\.(?:m?js|css|woff2?)$/;
// Unhashed static files from assets/ (served at the root): icons, card faces, stylesheets, sounds.
const STATIC_EXTENSION = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|webmanifest|css|woff2?|ttf|otf|mp3|ogg|wav|m4a|json|txt|html)$/;

// ---------------------------------------------------------------------------- install

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      // The offline page, manifest and icons must all be there, or this version is not installed.
      await shell.addAll(SHELL_URLS.map((url) => new Request(url, { cache: "reload" })));
      // The start page and the build files it names are a bonus: a hiccup must not block install.
      try {
        await precacheStartPage();
      } catch (err) {
        console.warn("[sw] start page not precached:", err);
      }
      await self.skipWaiting();
    })()
  );
});

async function precacheStartPage() {
  const response = await fetch(new Request(START_URL, { cache: "reload", credentials: "same-origin" }));
  if (!(await isOfflineCapablePage(response))) return;
  const html = await response.clone().text();
  await (await caches.open(PAGES_CACHE)).put(START_URL, response);
  // The production build names its JS/CSS as /assets/<name>-<hash>.js in the HTML
  // (script src, modulepreload and stylesheet links, dynamic imports).
  const urls = new Set();
  for (const match of html.matchAll(/["'(](\/assets\/[^"'()\s?#]+)/g)) urls.add(match[1]);
  const assets = await caches.open(ASSETS_CACHE);
  await Promise.all(
    [...urls].map(async (url) => {
      if (await assets.match(url)) return;
      try {
        const res = await fetch(url, { credentials: "same-origin" });
        if (isCacheable(res)) await assets.put(url, res);
      } catch (_) {
        /* fetched again on first use */
      }
    })
  );
}

// ---------------------------------------------------------------------------- activate

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && !CURRENT_CACHES.includes(name))
          .map((name) => caches.delete(name))
      );
      if (self.registration.navigationPreload) {
        try {
          await self.registration.navigationPreload.enable();
        } catch (_) {
          /* not supported: plain fetch */
        }
      }
      await self.clients.claim();
    })()
  );
});

// ---------------------------------------------------------------------------- fetch

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.headers.has("range")) return; // media streaming: let the browser do it

  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return; // the dev backend (:8000), CDNs, ...
  if (BACKEND_PREFIXES.some((p) => url.pathname === p.replace(/\/$/, "") || url.pathname.startsWith(p))) return;

  if (request.mode === "navigate") {
    event.respondWith(networkFirstPage(event));
    return;
  }
  if (url.search) return; // Vite dev modules (?v=, ?t=, ?import), anything with parameters
  if (DEV_SERVER_PREFIXES.some((p) => url.pathname.startsWith(p))) return;
  if (url.pathname.endsWith(".data")) return; // react-router data requests

  if (url.pathname.startsWith("/assets/") || HASHED_NAME.test(url.pathname)) {
    event.respondWith(cacheFirst(request, ASSETS_CACHE));
  } else if (STATIC_EXTENSION.test(url.pathname)) {
    // Shell files are refreshed in the shell cache, so there is one copy of each.
    event.respondWith(networkFirst(request, SHELL_URLS.includes(url.pathname) ? SHELL_CACHE : STATIC_CACHE));
  }
});

async function networkFirstPage(event) {
  const request = event.request;
  try {
    const response = (await event.preloadResponse) || (await fetch(request));
    if (isCacheable(response)) {
      // Store a copy in the background; the page itself streams to the browser right away.
      const copy = response.clone();
      event.waitUntil(
        (async () => {
          if (await isOfflineCapablePage(copy)) await putAndTrim(PAGES_CACHE, pageKey(request.url), copy);
        })().catch(() => {})
      );
    }
    return response;
  } catch (err) {
    // Offline (or the host is gone): the last copy of this page, then the offline page.
    const pages = await caches.open(PAGES_CACHE);
    const cached = await pages.match(pageKey(request.url));
    if (cached) return cached;
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw err;
  }
}

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isCacheable(response)) await putAndTrim(cacheName, request, response.clone());
  return response;
}

async function networkFirst(request, cacheName) {
  try {
    const response = await fetch(request);
    if (isCacheable(response)) await putAndTrim(cacheName, request, response.clone());
    return response;
  } catch (err) {
    const cached = await caches.match(request); // any of our caches (the shell has the icons)
    if (cached) return cached;
    throw err;
  }
}

// ---------------------------------------------------------------------------- helpers

function isCacheable(response) {
  return Boolean(response) && response.ok && response.type === "basic" && !response.redirected;
}

// A page is worth keeping for offline use only if it can render without the server that sent
// it. Pages from the Vite dev server (`reflex run --env dev`) load their code as modules from
// that server ("/@id/__x00__virtual:react-router/...", "/@vite/client", "/app/root.jsx"), so in
// dev mode the offline page is shown instead of a cached page that would stay blank.
const DEV_SERVER_PAGE = /["'](?:\/@id\/|\/@vite\/|\/@react-router\/)/;

async function isOfflineCapablePage(response) {
  if (!isCacheable(response)) return false;
  if (!(response.headers.get("content-type") || "").includes("text/html")) return false;
  const html = await response.clone().text();
  return !DEV_SERVER_PAGE.test(html);
}

function pageKey(href) {
  const url = new URL(href);
  url.hash = "";
  return url.href;
}

async function putAndTrim(cacheName, key, response) {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  const max = MAX_ENTRIES[cacheName];
  if (!max) return;
  const keys = await cache.keys(); // oldest first
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((k) => cache.delete(k)));
}
