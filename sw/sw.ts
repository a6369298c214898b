/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { pushOutboxFromWorker } from './outbox-sync';
import { isBuildAsset, isFontRequest, isTileRequest } from './routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Map tiles: about 500 tiles cover a town at the zoom levels a check-in uses; a month keeps them fresh. */
export const TILE_CACHE_MAX_ENTRIES = 500;
export const TILE_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
export const FONT_CACHE_MAX_ENTRIES = 30;
export const FONT_CACHE_MAX_AGE_S = 365 * 24 * 60 * 60;
/**
 * Build files left out of the precache (maplibre, SheetJS: vite.config.ts) are cached when a screen first
 * asks for them. Their names carry a content hash, so a cached copy is always right; a few versions fit.
 */
export const ON_FIRST_USE_CACHE = 'on-first-use';
export const ON_FIRST_USE_MAX_ENTRIES = 20;
/** The page registers this Background Sync tag when mutations wait in the outbox (src/app/pwa). */
export const OUTBOX_SYNC_TAG = 'outbox';

// Optional extra tile host, set at build time (VITE_MAP_TILE_HOST=tiles.example.org).
const TILE_HOST = import.meta.env.VITE_MAP_TILE_HOST ?? '';

// The app shell and every route's code (all chunks of the build) are precached.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker controls the open page at once, so the device is ready offline after its first visit.
// Later versions wait for "Recharger" (SKIP_WAITING below), then the page reloads into them.
clientsClaim();

// Offline, every navigation gets the cached shell; the router then draws the screen from IndexedDB.
// /api/ is excluded here and matched by no route below, so API answers always come from the network
// (the server also sends cache-control: no-store) and are never served stale from a cache.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// Registered after the precache's route: only build files the precache does not hold reach it.
registerRoute(
  ({ url }) => isBuildAsset(url, self.location.origin),
  new CacheFirst({
    cacheName: ON_FIRST_USE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: ON_FIRST_USE_MAX_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => isTileRequest(url, request.destination, TILE_HOST),
  new CacheFirst({
    cacheName: 'map-tiles',
    plugins: [
      // Opaque answers (status 0) come from tile servers without CORS headers.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: TILE_CACHE_MAX_ENTRIES,
        maxAgeSeconds: TILE_CACHE_MAX_AGE_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Font stylesheets may change (new unicode ranges): revalidate. Font files are immutable: cache first.
registerRoute(
  ({ url }) => url.hostname === 'fonts.googleapis.com',
  new StaleWhileRevalidate({ cacheName: 'font-stylesheets' }),
);
registerRoute(
  ({ url, request }) => isFontRequest(url, request.destination, self.location.origin),
  new CacheFirst({
    cacheName: 'fonts',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: FONT_CACHE_MAX_ENTRIES, maxAgeSeconds: FONT_CACHE_MAX_AGE_S }),
    ],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * Background Sync (Chromium): the network came back while mutations waited in the outbox. The worker pushes
 * the outbox itself (outbox-sync.ts), so a check-in made offline leaves even when every window is closed;
 * then it tells open windows, which pull and refresh. A push that could not reach the server rejects: the
 * browser fires the event again later. Browsers without Background Sync push at the next start.
 */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
async function syncOutbox(): Promise<void> {
  const result = await pushOutboxFromWorker();
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type: 'FLUSH_OUTBOX', pushed: result });
  if (result === 'failed' || result === 'offline') throw new Error(`outbox push: ${result}`);
}
self.addEventListener('sync', (event: Event) => {
  const syncEvent = event as SyncEvent;
  if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
  syncEvent.waitUntil(syncOutbox());
});
