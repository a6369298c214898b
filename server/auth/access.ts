import type { AccessLookup } from '../../src/domain/access/lookup';
import { lookupKeys, planningLogKeys, substitutionKeys } from '../../src/domain/access/lookup';
import { stampReceipt, type LastContacts } from '../../src/domain/attendance/trust';
import { projectRecord } from '../../src/domain/access/read';
import type { Viewer } from '../../src/domain/access/viewer';
import { authorizeWrite, type WriteEnv } from '../../src/domain/access/write';
import { AUTO_ACTOR_NAME } from '../../src/domain/attendance/status';
import type { BatchWrite } from '../../src/domain/access/write-context';
import { CREDENTIAL_FIELDS } from '../../src/domain/access/write-people';
import { hashSecret } from '../../src/domain/secrets';
import type { CollectionName, Profile, Timetable, User } from '../../src/domain/store/schema';
import type { RecordData, ServerRecord } from '../../src/domain/sync/merge';
import type { MutationResult } from '../../src/domain/sync/protocol';
import { peekRecord, type SyncStorage } from '../storage/sync-storage';
import type { Authorize, Prepare, WriteCheck } from '../sync-service';
import { checkLogFlags } from './check-log-stamps';
import { ClosingReader, closingRefusal, stampClosing } from '../closing-guard';
import { stampStatementAck, statementAckRefusal } from '../statement-acks';

/** Glue between the pure access rules (src/domain/access) and the storage: lookups, filtering, authorising. */

function mapLookup(
  profiles: readonly Profile[],
  users: Map<string, User>,
  timetables: Map<string, Timetable>,
) {
  const lookup: AccessLookup = {
    profiles,
    user: (id) => users.get(id) ?? null,
    timetable: (id) => timetables.get(id) ?? null,
  };
  return lookup;
}

/** A lookup over a whole organisation already in memory (GET /api/store). */
/** The collections lookupOfRecords reads: a part of the store is read with them (routes/store.ts). */
export const LOOKUP_COLLECTIONS: readonly CollectionName[] = ['profiles', 'users', 'timetables'];

export function lookupOfRecords(records: readonly ServerRecord[]): AccessLookup {
  const profiles: Profile[] = [];
  const users = new Map<string, User>();
  const timetables = new Map<string, Timetable>();
  for (const r of records) {
    if (r.deleted) continue;
    if (r.collection === 'profiles') profiles.push(r.data as Profile);
    else if (r.collection === 'users') users.set(r.id, r.data as User);
    else if (r.collection === 'timetables') timetables.set(r.id, r.data as Timetable);
  }
  return mapLookup(profiles, users, timetables);
}

/** A lookup loading only what the rules will ask about these records (delta pages, push answers). */
export async function lookupFor(
  storage: SyncStorage,
  orgId: string,
  profiles: readonly Profile[],
  records: readonly { collection: CollectionName; data: RecordData | null }[],
): Promise<AccessLookup> {
  const keys = new Map<string, { collection: CollectionName; id: string }>();
  for (const r of records) {
    const needed = lookupKeys(r.collection, r.data, null);
    for (const id of needed.users) keys.set(`users/${id}`, { collection: 'users', id });
    for (const id of needed.timetables) keys.set(`timetables/${id}`, { collection: 'timetables', id });
  }
  const found = await storage.readRecords(orgId, [...keys.values()]);
  const users = new Map<string, User>();
  const timetables = new Map<string, Timetable>();
  for (const r of found) {
    if (r.collection === 'users') users.set(r.id, r.data as User);
    else if (r.collection === 'timetables') timetables.set(r.id, r.data as Timetable);
  }
  return mapLookup(profiles, users, timetables);
}

/**
 * The organisation's revision as the database holds it now: one indexed read, no record. Every write of a
 * record moves it, on whichever server the write happened.
 */
export async function currentRevision(storage: SyncStorage, orgId: string): Promise<number> {
  return storage.readRevision(orgId);
}

/** What authenticating a request needs of its organisation, as of one revision. */
export interface OrgAccessView {
  revision: number;
  /** Shared by every request of this revision: read, never modified. */
  profiles: Profile[];
  /** A user as stored (hashes included), or null when absent or deleted. */
  user(id: string): Promise<User | null>;
}

interface OrgAccessEntry {
  revision: number;
  profiles: Promise<Profile[]>;
  users: Map<string, Promise<User | null>>;
}

/** Bounds of the cache: organisations kept (least recently used dropped first), users per organisation. */
export const MAX_CACHED_ORGS = 1_000;
export const MAX_CACHED_USERS_PER_ORG = 10_000;
/** A request's revision this far behind the cached entry's is no concurrent request's (entryAt). */
const MAX_BEHIND = 1_000;

/**
 * Users and profiles of the organisations' sessions, cached per organisation revision (spec: rights read
 * at each request). The revision is read on every use and any write of a user or a profile moves it, so a
 * deactivation or a profile change made on any server is seen by the very next request; a cached value is
 * always at least as recent as the revision it is filed under (read after it).
 */
export class OrgAccessCache {
  private readonly orgs = new Map<string, OrgAccessEntry>();

  constructor(private readonly storage: SyncStorage) {}

  async view(orgId: string): Promise<OrgAccessView> {
    return this.viewAt(orgId, await currentRevision(this.storage, orgId));
  }

  /** The revision this server's cache of the organisation is filed under (null: none). */
  knownRevision(orgId: string): number | null {
    return this.orgs.get(orgId)?.revision ?? null;
  }

  /**
   * The view at `revision`, read by the caller together with the users and profiles changed after `since`
   * (storage.readAuthState; null: not known). A check-in moves the revision without touching either: the
   * cached entry moves to the new revision, less the users that changed (read again when asked) and with
   * the profiles read again if one changed, instead of everything being read again at each revision.
   */
  async viewAfter(
    orgId: string,
    revision: number,
    since: number | null,
    changed: readonly { collection: CollectionName; id: string }[] | null,
  ): Promise<OrgAccessView> {
    const cached = this.orgs.get(orgId);
    // Only forward, and only when the changes read cover every revision the entry has not seen.
    if (cached && changed && since !== null && since <= cached.revision && cached.revision < revision) {
      for (const c of changed) if (c.collection === 'users') cached.users.delete(c.id);
      if (changed.some((c) => c.collection === 'profiles')) this.reloadProfiles(orgId, cached);
      cached.revision = revision;
    }
    return this.viewAt(orgId, revision);
  }

  private async viewAt(orgId: string, revision: number): Promise<OrgAccessView> {
    const entry = this.entryAt(orgId, revision);
    const profiles = await entry.profiles;
    return { revision, profiles, user: (id) => this.userOf(orgId, entry, id) };
  }

  private reloadProfiles(orgId: string, entry: OrgAccessEntry): void {
    entry.profiles = this.loadProfiles(orgId);
    entry.profiles.catch(() => {
      if (this.orgs.get(orgId) === entry) this.orgs.delete(orgId);
    });
  }

  private entryAt(orgId: string, revision: number): OrgAccessEntry {
    const cached = this.orgs.get(orgId);
    // A request that read an older revision while another moved the entry forward (concurrent requests) is
    // served by the newer entry: what it holds is at least as recent as the revision that request read. (A
    // revision far below the entry's is not a concurrent request: a database put back; the entry is replaced.)
    if (cached && cached.revision >= revision && cached.revision - revision <= MAX_BEHIND) {
      // Most recently used last: the first key is the one dropped when the cache is full.
      this.orgs.delete(orgId);
      this.orgs.set(orgId, cached);
      return cached;
    }
    const entry: OrgAccessEntry = { revision, profiles: this.loadProfiles(orgId), users: new Map() };
    entry.profiles.catch(() => {
      if (this.orgs.get(orgId) === entry) this.orgs.delete(orgId);
    });
    this.orgs.delete(orgId);
    this.orgs.set(orgId, entry);
    if (this.orgs.size > MAX_CACHED_ORGS) {
      const oldest = this.orgs.keys().next();
      if (!oldest.done) this.orgs.delete(oldest.value);
    }
    return entry;
  }

  private async loadProfiles(orgId: string): Promise<Profile[]> {
    return (await this.storage.readCollection(orgId, 'profiles')).map((r) => r.data as Profile);
  }

  private userOf(orgId: string, entry: OrgAccessEntry, id: string): Promise<User | null> {
    let user = entry.users.get(id);
    if (!user) {
      if (entry.users.size >= MAX_CACHED_USERS_PER_ORG) entry.users.clear();
      const loading = this.storage
        .readRecords(orgId, [{ collection: 'users', id }])
        .then((found) => (found[0] && !found[0].deleted ? (found[0].data as User) : null));
      loading.catch(() => {
        if (entry.users.get(id) === loading) entry.users.delete(id);
      });
      entry.users.set(id, loading);
      user = loading;
    }
    return user;
  }
}

/** The records as this viewer may receive them; hidden ones are left out (tombstones always travel). */
export function projectAll(
  viewer: Viewer,
  records: readonly ServerRecord[],
  lookup: AccessLookup,
): ServerRecord[] {
  const out: ServerRecord[] = [];
  for (const record of records) {
    if (record.deleted) {
      out.push(record);
      continue;
    }
    const data = projectRecord(viewer, record.collection, record.data, lookup);
    if (data !== null) out.push(data === record.data ? record : { ...record, data });
  }
  return out;
}

/**
 * The change feed filters like a read, except that a changed record the viewer may not see arrives as a
 * tombstone: a device catching up by delta (not reloading the store) must drop its copy of a record that
 * its own change hid (a contract given to another teacher, a teacher deactivated seen from a kiosk). Only
 * the collection and id travel, never the data.
 */
export function projectChanges(
  viewer: Viewer,
  records: readonly ServerRecord[],
  lookup: AccessLookup,
): ServerRecord[] {
  return records.map((record) => {
    if (record.deleted) return record;
    const data = projectRecord(viewer, record.collection, record.data, lookup);
    if (data === null) return { ...record, deleted: true, data: {}, stamps: {} };
    return data === record.data ? record : { ...record, data };
  });
}

/** Push answers carry records: filtered like a read (a hidden one becomes a tombstone). */
export async function projectResults(
  storage: SyncStorage,
  orgId: string,
  viewer: Viewer,
  profiles: readonly Profile[],
  results: MutationResult[],
): Promise<MutationResult[]> {
  const withRecords = results.filter((r) => r.record && !r.record.deleted && r.record.data);
  if (withRecords.length === 0) return results;
  const lookup = await lookupFor(
    storage,
    orgId,
    profiles,
    withRecords.map((r) => ({ collection: r.record!.collection, data: r.record!.data })),
  );
  return results.map((result) => {
    const record = result.record;
    if (!record || record.deleted || !record.data) return result;
    const data = projectRecord(viewer, record.collection, record.data, lookup);
    return {
      ...result,
      record: data === null ? { ...record, deleted: true, data: null } : { ...record, data },
    };
  });
}

export interface AuthorizeOptions {
  /** Server time (kiosk PIN cooldown). */
  now?: Date;
  /** PUT /api/store by settings.donnees: a backup restore or a v1 import, hashes included. */
  restore?: boolean;
  /** The server's own hashes of the initial passwords (see initialPasswordHashes). */
  initialPasswordHashes?: ReadonlySet<string>;
  /** When the pushing session and device last talked to the server (device-contacts.ts). */
  contacts?: LastContacts;
}

/**
 * A user write changes what the organisation-wide checks (last administrator, unique e-mail) look at; so
 * does a profile's deletion or module change (the last administrators' profile).
 */
function needsAllUsers(write: WriteCheck): boolean {
  if (write.collection === 'profiles')
    return !write.after || JSON.stringify(write.before?.moduleIds) !== JSON.stringify(write.after.moduleIds);
  if (write.collection !== 'users') return false;
  if (!write.before || !write.after) return true;
  return ['email', 'status', 'profileId', 'isEmergency'].some(
    (f) => JSON.stringify(write.before?.[f] ?? null) !== JSON.stringify(write.after?.[f] ?? null),
  );
}

/** The per-mutation authoriser of a session: rules of src/domain/access, records read in the transaction. */
export function authorizerFor(
  viewer: Viewer,
  profiles: readonly Profile[],
  options: AuthorizeOptions = {},
): Authorize {
  // Within one batch the same timetable is looked up for every check-in of it: read once, and forgotten as
  // soon as the batch itself writes that record (the next lookup then sees the batch's own change).
  const cache = new Map<string, RecordData | null>();
  const read = async (
    tx: Parameters<Authorize>[0],
    collection: 'users' | 'timetables' | 'substitutions',
    id: string,
  ) => {
    const key = `${collection}/${id}`;
    if (!cache.has(key)) {
      const r = await peekRecord(tx, collection, id);
      cache.set(key, r && !r.deleted ? r.data : null);
    }
    return cache.get(key) ?? null;
  };
  // What this batch has applied so far (journal entries must describe one of these changes), and every user
  // of the organisation, loaded once when a check needs them and kept up to date with the batch's writes.
  const batch = new Map<string, BatchWrite>();
  let allUsers: Map<string, RecordData> | null = null;
  // The profiles as this batch has changed them so far (the last administrator check of a later write).
  let currentProfiles = profiles;
  const usersOf = async (tx: Parameters<Authorize>[0]) => {
    if (!allUsers) {
      allUsers = new Map();
      for (const r of await tx.listRecords())
        if (r.collection === 'users' && !r.deleted) allUsers.set(r.id, r.data);
    }
    return allUsers;
  };
  // Month closing (server/closing-guard.ts): nothing dated in a closed month is written, restores aside.
  let closing: ClosingReader | null = null;
  return async (tx, write) => {
    cache.delete(`${write.collection}/${write.recordId}`);
    if (!options.restore && viewer.kind !== 'system') {
      closing ??= new ClosingReader(tx);
      const refusal = (await closingRefusal(tx, closing, write)) ?? (await statementAckRefusal(tx, write));
      if (refusal) return { ok: false, reason: refusal };
    }
    const keys = lookupKeys(write.collection, write.before, write.after);
    const users = new Map<string, User>();
    const timetables = new Map<string, Timetable>();
    for (const id of keys.users) {
      const data = await read(tx, 'users', id);
      if (data) users.set(id, data as User);
    }
    for (const id of keys.timetables) {
      const data = await read(tx, 'timetables', id);
      if (data) timetables.set(id, data as Timetable);
    }
    // The stored check-in an automatic check-out or a check-out closes, the log a correction corrects.
    const logs = new Map<string, RecordData>();
    for (const id of planningLogKeys(write.collection, write.after)) {
      const r = await peekRecord(tx, 'planningLogs', id);
      if (r && !r.deleted) logs.set(id, r.data);
    }
    // The substitution a check log's occurrence may be under (issue 35): its substitute checks in, not the slot's.
    const substitutions = new Map<string, { id: string; substituteUserId: string | null }>();
    const keyed = substitutionKeys(write.collection, write.after, (id) => timetables.get(id) ?? null);
    for (const id of keyed) {
      const data = await read(tx, 'substitutions', id);
      if (data) substitutions.set(id, data as { id: string; substituteUserId: string | null });
    }
    const env: WriteEnv = {
      batch,
      ...(options.now ? { now: options.now } : {}),
      ...(options.restore ? { restore: true } : {}),
      ...(options.initialPasswordHashes ? { initialPasswordHashes: options.initialPasswordHashes } : {}),
      ...(options.contacts ? { contacts: options.contacts } : {}),
    };
    if (viewer.kind === 'user' && needsAllUsers(write)) {
      const all = await usersOf(tx);
      if (write.collection !== 'users') env.users = [...all.values()];
      else {
        env.users = [...all.values()].filter((u) => u.id !== write.recordId);
        if (write.after) env.users = [...env.users, write.after];
      }
    }
    const lookup: AccessLookup = {
      ...mapLookup(currentProfiles, users, timetables),
      planningLog: (id) => logs.get(id) ?? null,
      substitution: (id) => substitutions.get(id) ?? null,
    };
    const decision = authorizeWrite(viewer, write, lookup, env);
    if (decision.ok) {
      closing?.written(write.collection, write.recordId);
      const key = `${write.collection}/${write.recordId}`;
      // The latest change of each record: a journal entry follows the change it describes (deactivated then
      // activated again in one batch, the second entry describes the second change).
      batch.set(key, { before: write.before, after: write.after });
      if (allUsers && write.collection === 'users') {
        if (write.after) allUsers.set(write.recordId, write.after);
        else allUsers.delete(write.recordId);
      }
      if (write.collection === 'profiles') {
        const others = currentProfiles.filter((p) => p.id !== write.recordId);
        currentProfiles = write.after ? [...others, write.after as Profile] : others;
      }
    }
    return decision;
  };
}

/** A check-in or check-out a person taps (an automatic check-out is the rule's, never a PIN's). */
function needsPinProof(log: RecordData): boolean {
  return (
    (log.action === 'planning-checkin' || log.action === 'planning-checkout') &&
    log.actorUserName !== AUTO_ACTOR_NAME
  );
}

/**
 * What the server stamps itself on a session's mutations (spec: the server owns what a client cannot be
 * trusted with): a journal entry's actor is the session's person; a new user has no password (whatever
 * hash came is dropped) until an administrator makes it an invitation; a kiosk's check log without the
 * server's PIN proof is flagged « borne hors ligne » (kiosk-proof.ts), and the proof itself is never stored.
 */
export function preparerFor(
  viewer: Viewer,
  actor: Pick<User, 'id' | 'name'> | null,
  options: {
    now: Date;
    initialHashes?: { initial: string; imported: string };
    contacts?: LastContacts;
    /** false: no review flags (SEND_SERVER_TIME=0, devices' times not comparable with the server's). */
    trustedTime?: boolean;
    /** A kiosk's push: whether a check log carries a valid PIN proof of the server (kiosk-proof.ts). */
    kioskProof?: (log: RecordData) => Promise<boolean>;
  },
): Prepare {
  return async (received, current, tx) => {
    // Month closing: a correction's adjustment month, a closing's time and person (server/closing-guard.ts).
    const mutation = stampStatementAck(
      await stampClosing(received, current, tx, viewer, actor, options.now),
      current,
      viewer,
      actor,
      options.now,
    );
    if (mutation.op !== 'put' || !mutation.values) return mutation;
    const fields = new Set(mutation.changedFields);
    // Trusted time: every new planning log gets the server's receipt time, whether a kiosk wrote it, and
    // its review flags (received after the course, device changed hands: check-log-stamps.ts).
    if (mutation.collection === 'planningLogs' && current === null) {
      const via = viewer.kind === 'kiosk' ? 'kiosk' : 'user';
      for (const f of ['receivedAt', 'recordedVia', 'reviewFlags']) fields.add(f);
      const flags =
        options.trustedTime === false
          ? []
          : await checkLogFlags(mutation.values, tx, options.now, options.contacts);
      // A kiosk's check without a PIN proof of the server: accepted as « borne hors ligne », to review.
      if (
        viewer.kind === 'kiosk' &&
        needsPinProof(mutation.values) &&
        !(await options.kioskProof?.(mutation.values))
      )
        flags.push('kiosk-offline');
      // The proof travels with the log, never into the store.
      const { pinProof: _proof, ...values } = mutation.values;
      fields.delete('pinProof');
      return {
        ...mutation,
        changedFields: [...fields],
        values: stampReceipt(values, options.now, via, flags),
      };
    }
    if (viewer.kind !== 'user') return mutation;
    if (mutation.collection === 'userLogs' && current === null) {
      for (const f of ['actorUserId', 'actorUserName']) fields.add(f);
      return {
        ...mutation,
        changedFields: [...fields],
        values: { ...mutation.values, actorUserId: viewer.userId, actorUserName: actor?.name ?? null },
      };
    }
    if (mutation.collection === 'users' && current === null && options.initialHashes) {
      const values: RecordData = { ...mutation.values };
      for (const f of CREDENTIAL_FIELDS) {
        delete values[f];
        fields.delete(f);
      }
      // No shared initial password (issue 29): a new account has none until an administrator makes it an
      // invitation (POST /api/users/:id/temporary-password, valid 72 h), whatever hash came with it.
      values.mustChangePassword = true;
      fields.add('mustChangePassword');
      return { ...mutation, changedFields: [...fields], values };
    }
    return mutation;
  };
}

const initialHashCache = new Map<string, Promise<string>>();

/**
 * The server's hashes of the initial passwords ({key} for created users, {secret} for imported teachers),
 * computed once per process: a creation never costs a PBKDF2 run, and the hash has this server's parameters.
 */
export async function initialPasswordHashes(
  initialPassword: string,
  importedPassword: string,
): Promise<{ initial: string; imported: string }> {
  const of = (password: string) => {
    let hash = initialHashCache.get(password);
    if (!hash) {
      hash = hashSecret(password);
      initialHashCache.set(password, hash);
    }
    return hash;
  };
  const [initial, imported] = await Promise.all([of(initialPassword), of(importedPassword)]);
  return { initial, imported };
}

/** The imported teachers' initial password ({secret}), as the app's build knows it. */
export function importedTeacherPassword(env: NodeJS.ProcessEnv = process.env): string {
  return env.IMPORTED_TEACHER_PASSWORD || env.VITE_IMPORTED_TEACHER_PASSWORD || 'Enseignant@2026';
}
