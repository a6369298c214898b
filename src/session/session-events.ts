/**
 * A sign-in or sign-out changes what the server accepts from this device: the sync engine listens
 * for this event to push the changes that waited for their author's session, at once.
 */
export const SESSION_EVENT = 'emargement:session';

export function notifySessionChanged(): void {
  if (typeof globalThis.dispatchEvent === 'function') globalThis.dispatchEvent(new Event(SESSION_EVENT));
}

/** The remote store was loaded for this browser session (spec part 1 point 4: first load per session). */
export const REMOTE_LOADED_FLAG = 'remote-store-loaded';

export function markRemoteStoreLoaded(): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(REMOTE_LOADED_FLAG, '1');
}

export function isRemoteStoreLoaded(): boolean {
  return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(REMOTE_LOADED_FLAG) !== null;
}

export function forgetRemoteStoreLoaded(): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(REMOTE_LOADED_FLAG);
}
