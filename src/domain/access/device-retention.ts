import type { CollectionName } from '../store/collections';
import type { AccessLookup } from './lookup';
import { projectRecord } from './read';
import type { RecordData } from './record';
import { SECRET_USER_FIELDS, SHARED_COLLECTIONS } from './rules';
import { KIOSK_VIEWER, userViewer, type Viewer } from './viewer';

/**
 * Who may use a shared device once nobody is signed in (ARCHITECTURE.md "Trust": a shared device keeps only
 * what its next user may see). The device keeps, of every record, only what one of these readers receives
 * from the server, computed with the same read rules (read.ts) so the device and the server cannot disagree.
 */
export interface DeviceReaders {
  /** An enrolled classroom kiosk: it keeps the kiosk's view (PIN mode works offline). */
  kiosk: boolean;
  /**
   * People who may sign in here offline ("Se souvenir de moi" ticked): they keep their own records (their
   * own record, their course logs, requests, notifications and contract files), so an offline sign-in shows
   * their day and an offline edit of their file starts from its real content. What their profile's rights
   * brought (other people's records, journal, imports) comes back at their next online sign-in.
   */
  remembered: ReadonlySet<string>;
}

/**
 * Anybody about to sign in: a person with no right and no record of their own. Of the users, they receive
 * only the public fields (names for the screens, status and profile for the emergency check of the login
 * screen); the shared collections (references, timetables, profiles, settings) are every session's.
 */
const NEXT_PERSON: Viewer = userViewer('\u0000next-person', new Set(), 'password');

/** A remembered person reading as themselves only: their own records, not their profile's. */
function ownRecordsOf(userId: string): Viewer {
  return userViewer(userId, new Set(), 'password');
}

function omitSecrets(data: RecordData): RecordData {
  if (!SECRET_USER_FIELDS.some((key) => key in data)) return data;
  const out: RecordData = { ...data };
  for (const key of SECRET_USER_FIELDS) delete out[key];
  return out;
}

/**
 * The record as the device may keep it after a sign-out: the same object, a copy without the fields nobody
 * left here may read, or null (removed). Password hashes never stay in the tables: a remembered person's own
 * hash is kept apart for their offline sign-in (DeviceMeta.offlineHashes), and only theirs.
 */
export function retainedRecord(
  readers: DeviceReaders,
  collection: CollectionName,
  data: RecordData,
  lookup: AccessLookup,
): RecordData | null {
  if (keptWhole(collection)) return data;
  // Narrowest first: a wider reader's fields win the merge (a remembered person's full own record).
  const viewers: Viewer[] = [NEXT_PERSON];
  if (readers.kiosk) viewers.push(KIOSK_VIEWER);
  const id = typeof data.id === 'string' ? data.id : null;
  const teacherId = typeof data.teacherUserId === 'string' ? data.teacherUserId : null;
  const owner = collection === 'users' ? id : teacherId;
  if (owner !== null && readers.remembered.has(owner)) viewers.push(ownRecordsOf(owner));
  const parts: RecordData[] = [];
  for (const viewer of viewers) {
    const part = projectRecord(viewer, collection, data, lookup);
    if (part === null) continue;
    // A remembered person's own user record keeps everything but the secrets.
    parts.push(collection === 'users' && viewer !== KIOSK_VIEWER ? omitSecrets(part) : part);
  }
  if (parts.length === 0) return null;
  const kept = parts.reduce<RecordData>((merged, part) => ({ ...merged, ...part }), {});
  return sameFields(kept, data) ? data : kept;
}

function sameFields(kept: RecordData, data: RecordData): boolean {
  const keys = Object.keys(data);
  return keys.length === Object.keys(kept).length && keys.every((key) => kept[key] === data[key]);
}

/** Collections every session receives whole: a device keeps them as they are, without a look at each record. */
export function keptWhole(collection: CollectionName): boolean {
  return SHARED_COLLECTIONS.has(collection);
}

/** Of the device's offline sign-in hashes, those it may keep: the remembered people's, none on a kiosk. */
export function retainedOfflineHashes(
  readers: DeviceReaders,
  hashes: Readonly<Record<string, string>>,
): Record<string, string> {
  if (readers.kiosk) return {};
  return Object.fromEntries(Object.entries(hashes).filter(([userId]) => readers.remembered.has(userId)));
}
