import type { AppDatabase } from '../../db/database';
import { onLocalWrite } from '../../db/repository';
import type { StorageState } from '../../domain/auth/emergency-offer';
import { countPendingActions } from '../../domain/sync/pending-actions';
import { askPersistentStorage } from '../../db/persist-storage';
import {
  claimStorageMarker,
  markStorageGone,
  onStorageGone,
  readStorageMarker,
  rememberStorageMarker,
} from '../../db/storage-presence';
import { readLostWork, readShadow, writeLostWork, writeShadow, type LostWork } from './pending-shadow';
import { showVanishedScreen } from './vanished-screen';

/**
 * Issue 31 item 7. At start: a shadow (pending-shadow.ts) that still counts changes for a database this one
 * is not (its marker is gone: the browser cleared IndexedDB) means those changes are lost; they are recorded
 * for the notice and the server's journal. Then, while the page lives: the shadow follows the outbox after
 * every local write and every few seconds (pushes empty it), the first change made offline asks for
 * persistent storage, and a database that disappears under the open page is announced (STORAGE_EVENTS).
 */

const REFRESH_MS = 3_000;

export const STORAGE_EVENTS = {
  /** The database vanished while the page was open. */
  vanished: 'emargement:storage-vanished',
  /** Changes were found lost at start (readLostWork holds them). */
  lost: 'emargement:lost-work',
  /** The browser refused persistent storage at the first offline change. */
  persistRefused: 'emargement:persist-refused',
} as const;

let marker: string | null = null;
let hasVanished = false;
/** This page's start found the database emptied with changes lost (checkForLostWork). */
let foundLostAtStart = false;
let persistAsked = false;
/** Outbox size at the last shadow written (the shadow is rewritten only when it changes). */
let lastSize = -1;

export function storageHasVanished(): boolean {
  return hasVanished;
}

function newId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}

function announce(name: string): void {
  globalThis.dispatchEvent(new Event(name));
}

/** The screen and the event, once; whatever else watches the database (the sync engine) is told too. */
function markVanished(db: AppDatabase): void {
  if (hasVanished) return;
  hasVanished = true;
  showVanishedScreen();
  announce(STORAGE_EVENTS.vanished);
  markStorageGone(db);
}

/**
 * The database as it is now, read from it (not from the last periodic check, which may be seconds old): its
 * marker gone means the browser deleted it under the open page, which is then announced at once. Asked by
 * whatever must not act on an emptied database, such as the login screen before it offers the emergency area.
 */
export async function readStorageState(db: AppDatabase): Promise<StorageState> {
  if (!hasVanished && marker !== null) {
    let current: string | null;
    try {
      current = await readStorageMarker(db);
    } catch {
      // A database that cannot be read now is not announced as vanished (the periodic check decides), but
      // nothing is offered on its word either.
      return 'vanished';
    }
    if (current !== marker) markVanished(db);
  }
  if (hasVanished) return 'vanished';
  return foundLostAtStart ? 'replaced' : 'intact';
}

/** Compares the shadow with this database; records lost changes; gives the database a marker if it has none. */
export async function checkForLostWork(db: AppDatabase, now: Date = new Date()): Promise<LostWork | null> {
  const found = await readStorageMarker(db);
  const shadow = readShadow();
  let lost: LostWork | null = null;
  if (shadow && shadow.count > 0 && shadow.marker !== found) {
    lost = {
      id: newId(),
      count: shadow.count,
      oldestAt: shadow.oldestAt,
      latestAt: shadow.latestAt,
      noticedAt: now.toISOString(),
      userId: shadow.userId,
      userName: shadow.userName,
      orgId: shadow.orgId,
      reported: false,
      seen: false,
    };
    foundLostAtStart = true;
    writeLostWork([...readLostWork(), lost]);
    writeShadow(null);
    // The emptied database forgot its school too: without it the start would offer the emergency area of
    // the default organisation.
    if (lost.orgId && !(await db.meta.get('orgId'))) await db.meta.put({ key: 'orgId', value: lost.orgId });
  }
  marker = found ?? (await claimStorageMarker(db, newId()));
  // From now on a database without this marker is another one, whoever notices it first (the periodic check
  // below, the sync engine before an exchange, a deletion asked while the page holds the database open).
  rememberStorageMarker(db, marker);
  onStorageGone(db, () => markVanished(db));
  return lost;
}

/** The shadow as the outbox is now; a database that lost its marker under the open page is announced. */
export async function refreshShadow(db: AppDatabase): Promise<void> {
  if (hasVanished || marker === null) return;
  const current = await readStorageMarker(db);
  if (current !== marker) {
    // Dexie reopened an empty database after the browser deleted ours: keep the shadow for the next start.
    markVanished(db);
    return;
  }
  const size = await db.outbox.count();
  if (size === 0) {
    lastSize = 0;
    if (readShadow()) writeShadow(null);
    return;
  }
  if (size === lastSize && readShadow()) return;
  lastSize = size;
  // Counted as the status bar counts them: actions (a check-in's log and notification are one).
  const stamps: { createdAt: string; author?: string | null }[] = [];
  await db.outbox.each((m) => {
    stamps.push({ createdAt: m.createdAt, author: m.author ?? null });
  });
  const count = countPendingActions(stamps);
  const [first, last] = await Promise.all([
    db.outbox.orderBy('seq').first(),
    db.outbox.orderBy('seq').last(),
  ]);
  const author = last?.author ?? first?.author ?? null;
  const user = author && author !== 'kiosk' ? await db.users.get(author) : undefined;
  const orgEntry = await db.meta.get('orgId');
  writeShadow({
    marker,
    count,
    oldestAt: first?.createdAt ?? new Date().toISOString(),
    latestAt: last?.createdAt ?? new Date().toISOString(),
    userId: author === 'kiosk' ? null : author,
    userName: user?.name ?? (author === 'kiosk' ? 'Borne' : null),
    orgId: typeof orgEntry?.value === 'string' ? orgEntry.value : null,
  });
}

/** Asks once per page for persistent storage; a refusal is announced (the notice tells the person). */
export async function askPersistence(): Promise<void> {
  if (persistAsked) return;
  persistAsked = true;
  if ((await askPersistentStorage()) === 'refused') announce(STORAGE_EVENTS.persistRefused);
}

let watching = false;

/** At start (start-app.ts): the check, then the shadow kept up to date for the page's life. */
export async function watchPendingWork(db: AppDatabase): Promise<void> {
  if (watching) return;
  watching = true;
  const lost = await checkForLostWork(db);
  if (lost) announce(STORAGE_EVENTS.lost);
  let running = false;
  const refresh = () => {
    if (running) return;
    running = true;
    void refreshShadow(db)
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  };
  onLocalWrite(() => {
    refresh();
    // The first change that cannot leave now (no network, or no server answering) asks to be kept.
    void db.meta
      .get('serverReachable')
      .then((entry) => {
        if (!navigator.onLine || entry?.value === false) void askPersistence();
      })
      .catch(() => undefined);
  });
  setInterval(refresh, REFRESH_MS);
  globalThis.addEventListener('online', refresh);
  document.addEventListener('visibilitychange', refresh);
  refresh();
}
