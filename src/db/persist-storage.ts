/** What the browser answered when asked to keep this origin's storage. */
export type PersistAnswer = 'granted' | 'refused' | 'unsupported';

/**
 * The one call to navigator.storage.persist() (issue 31 item 7): IndexedDB holds the changes not sent yet,
 * and a browser short of space may evict a site it was not asked to keep. Asked at the first change made
 * offline (lost-work/watch-pending.ts) and from Paramètres (settings/storage-section.tsx), each of which tells
 * a refusal; never silently at sign-in. Chromium decides without a prompt (an installed app is usually
 * granted), Firefox asks the person. Already granted: answered without asking again.
 */
export async function askPersistentStorage(): Promise<PersistAnswer> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return 'unsupported';
  try {
    const kept = (await storage.persisted?.()) === true || (await storage.persist());
    return kept ? 'granted' : 'refused';
  } catch {
    return 'refused';
  }
}
