const RELOADED_KEY = 'pwa-preload-reloaded';

/**
 * After a deployment, a tab opened on the previous version asks for chunks that no longer exist.
 * Vite reports it as `vite:preloadError`: reload once per session to get the new version, online only
 * (offline the service worker still holds this version's chunks, and a reload would not help).
 */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine || window.sessionStorage.getItem(RELOADED_KEY) !== null) return;
    window.sessionStorage.setItem(RELOADED_KEY, '1');
    event.preventDefault();
    window.location.reload();
  });
}
