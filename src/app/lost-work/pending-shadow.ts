/**
 * Issue 31 item 7, "lost work is said, never silent": a small copy of what waits in the outbox (how many
 * changes, since when, by whom) kept OUTSIDE IndexedDB, in localStorage and a cookie, so that it outlives a
 * browser that clears the app's database (eviction under storage pressure, "clear site data" of IndexedDB
 * only). `marker` names the database the changes were in: a database found at the next start without that
 * marker is another one, and the changes it should hold are lost. No Dexie here (read at start, cheaply).
 */

export interface PendingShadow {
  /** The database's marker (meta 'storageMarker'). */
  marker: string;
  count: number;
  oldestAt: string;
  latestAt: string;
  userId: string | null;
  userName: string | null;
  orgId: string | null;
}

/** Changes found lost at a start: told to the person, reported to the server once someone is signed in. */
export interface LostWork {
  /** The report's id (the server writes one journal entry per id). */
  id: string;
  count: number;
  oldestAt: string;
  latestAt: string;
  noticedAt: string;
  userId: string | null;
  userName: string | null;
  orgId: string | null;
  reported: boolean;
  /** The person closed the notice. */
  seen: boolean;
}

const SHADOW_KEY = 'emargement/pending-shadow';
const LOST_KEY = 'emargement/lost-work';
const COOKIE = 'emargement_pending';
const MAX_AGE_S = 60 * 60 * 24 * 60;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; samesite=strict`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=${MAX_AGE_S}; samesite=strict`;
}

function parse<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as T) : null;
  } catch {
    return null;
  }
}

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readShadow(): PendingShadow | null {
  const shadow =
    parse<PendingShadow>(local()?.getItem(SHADOW_KEY) ?? null) ?? parse<PendingShadow>(readCookie(COOKIE));
  return shadow && typeof shadow.marker === 'string' && typeof shadow.count === 'number' ? shadow : null;
}

/** Kept in both places: one of them may be cleared with the database. */
export function writeShadow(shadow: PendingShadow | null): void {
  const text = shadow === null ? null : JSON.stringify(shadow);
  try {
    if (text === null) local()?.removeItem(SHADOW_KEY);
    else local()?.setItem(SHADOW_KEY, text);
  } catch {
    // a full or blocked localStorage: the cookie still holds it
  }
  writeCookie(COOKIE, text);
}

export function readLostWork(): LostWork[] {
  const list = parse<LostWork[]>(local()?.getItem(LOST_KEY) ?? null);
  return Array.isArray(list) ? list : [];
}

export function writeLostWork(list: readonly LostWork[]): void {
  try {
    if (list.length === 0) local()?.removeItem(LOST_KEY);
    else local()?.setItem(LOST_KEY, JSON.stringify(list));
  } catch {
    // nothing else to keep it in
  }
}
