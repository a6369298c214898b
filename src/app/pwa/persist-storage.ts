let isRequested = false;

/**
 * Asks the browser not to evict this origin's storage (IndexedDB holds unsent check-ins). Chromium grants
 * it silently to installed or often-used sites; a refusal changes nothing. Once per page life.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (isRequested || !navigator.storage?.persist) return false;
  isRequested = true;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}
