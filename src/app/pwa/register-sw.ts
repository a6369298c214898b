import { announceUpdate } from './update-store';

export const SW_URL = '/sw.js';
/** The page registers this Background Sync tag; the worker's 'sync' event answers it (sw/sw.ts). */
export const OUTBOX_SYNC_TAG = 'outbox';

let isStarted = false;
/** The registration's SyncManager once the worker is registered (Chromium), else null. */
let syncManager: SyncManagerLike | null = null;

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Registers the service worker once the page has loaded, so neither workbox-window nor the precache
 * downloads compete with the first screen. A new version waits until the person presses "Recharger":
 * then it skips waiting, takes control, and the page reloads on that change of controller.
 */
export function registerServiceWorker(onFlushRequest: () => void): void {
  if (isStarted || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  isStarted = true;
  const start = () => void startWorkbox(onFlushRequest);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function startWorkbox(onFlushRequest: () => void): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SW_URL, { scope: '/' });
  wb.addEventListener('waiting', () => {
    announceUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  // From the container, not wb's 'message' event: workbox-window forwards only messages of a worker it saw
  // controlling or installing when this page registered. On a first visit /login installs the worker and the
  // next page is claimed only later, so that tab would never flush (tests/e2e/sync.spec.ts).
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: string } | null)?.type === 'FLUSH_OUTBOX') onFlushRequest();
  });
  const registration = await wb.register();
  syncManager = syncManagerOf(registration);
  // Background Sync where it exists (Chromium): when the connection drops, ask to be woken on its return;
  // also when the app starts offline, and whenever a push fails with changes waiting (requestOutboxSync).
  window.addEventListener('offline', requestOutboxSync);
  if (!navigator.onLine) requestOutboxSync();
}

/**
 * Asks the browser to wake the service worker when the network is back, so the outbox leaves even with every
 * window closed (sw/outbox-sync.ts). Nothing where Background Sync does not exist: the next start pushes.
 */
export function requestOutboxSync(): void {
  void syncManager?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

function syncManagerOf(registration: ServiceWorkerRegistration | undefined): SyncManagerLike | null {
  if (!registration || !('sync' in registration)) return null;
  const sync: unknown = registration.sync;
  return typeof sync === 'object' && sync !== null && 'register' in sync ? (sync as SyncManagerLike) : null;
}
