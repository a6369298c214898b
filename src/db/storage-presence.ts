import type { AppDatabase } from './database';

/**
 * Whether the page's database is still the one it opened (issue 31 item 7). The browser may delete the app's
 * IndexedDB under the open page (eviction, "clear site data"): Dexie then reopens, on the next read, an empty
 * database of the same name, and whatever keeps running (the sync engine, the lost-work watch) would go on as
 * if nothing had happened, with nobody signed in and no revision. Each database carries a random marker (meta
 * 'storageMarker', written once by lost-work/watch-pending.ts at start): a database read without the marker
 * the page knew it by is another one. A deletion asked while the page holds the database open (the
 * connection's `versionchange` towards no version) says the same at once. Once gone, a database stays gone for
 * the page's life: only a reload starts again (from the server's data, with the losses told).
 */

export const STORAGE_MARKER_KEY = 'storageMarker';

interface Presence {
  /** The marker the page knows this database by (null: not known yet). */
  marker: string | null;
  gone: boolean;
  listeners: Set<() => void>;
  /** The `versionchange` listener is on (once per database object). */
  watched: boolean;
}

const presences = new WeakMap<AppDatabase, Presence>();

function presenceOf(db: AppDatabase): Presence {
  let presence = presences.get(db);
  if (!presence) {
    presence = { marker: null, gone: false, listeners: new Set(), watched: false };
    presences.set(db, presence);
  }
  if (!presence.watched) {
    presence.watched = true;
    // newVersion null (or 0): another connection deletes the database. A higher version is an upgrade by a
    // newer copy of the app in another tab, not a loss.
    db.on('versionchange', (event: IDBVersionChangeEvent) => {
      if (!event.newVersion) markStorageGone(db);
    });
  }
  return presence;
}

export async function readStorageMarker(db: AppDatabase): Promise<string | null> {
  const entry = await db.meta.get(STORAGE_MARKER_KEY);
  return typeof entry?.value === 'string' ? entry.value : null;
}

/**
 * The database's marker, written now if it has none (`candidate`). Read and written in one transaction: two
 * tabs starting together on an empty database end with the same marker, instead of each taking the other's
 * for a deleted database.
 */
export async function claimStorageMarker(db: AppDatabase, candidate: string): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await readStorageMarker(db);
    if (existing !== null) return existing;
    await db.meta.put({ key: STORAGE_MARKER_KEY, value: candidate });
    return candidate;
  });
}

/** The marker this database was found with (or given) at start: later reads are compared with it. */
export function rememberStorageMarker(db: AppDatabase, marker: string): void {
  presenceOf(db).marker = marker;
}

export function isStorageGone(db: AppDatabase): boolean {
  return presences.get(db)?.gone ?? false;
}

/** Said once: every listener is told, the first time only. */
export function markStorageGone(db: AppDatabase): void {
  const presence = presenceOf(db);
  if (presence.gone) return;
  presence.gone = true;
  for (const listener of [...presence.listeners]) listener();
  presence.listeners.clear();
}

/** Called once when the database is found gone (at once if it already is). Returns the unsubscribe. */
export function onStorageGone(db: AppDatabase, listener: () => void): () => void {
  const presence = presenceOf(db);
  if (presence.gone) {
    listener();
    return () => undefined;
  }
  presence.listeners.add(listener);
  return () => presence.listeners.delete(listener);
}

/**
 * Reads the marker now. Without a known marker there is nothing to compare (true); a database that cannot be
 * read is not called gone here (the caller's own read fails and says so).
 */
export async function confirmStoragePresent(db: AppDatabase): Promise<boolean> {
  const presence = presenceOf(db);
  if (presence.gone) return false;
  if (presence.marker === null) return true;
  let current: string | null;
  try {
    current = await readStorageMarker(db);
  } catch {
    return true;
  }
  if (current !== presence.marker) markStorageGone(db);
  return !presence.gone;
}
