import type { ConflictReason, RecordData, ServerRecord } from '../../src/domain/sync/merge';
import type { ChangeCursor, ConflictEntry } from '../../src/domain/sync/protocol';
import type { CollectionName } from '../../src/domain/store/schema';
import type { ReadScope } from './read-scope';
import type { SettingsStore, UserLookup } from './user-index';

/**
 * Storage of organisations' records (revisions, tombstones, change log), behind an asynchronous interface so that a PostgreSQL
 * implementation can sit next to the SQLite one. The merge rules live in src/domain/sync and
 * server/sync-service.ts; an implementation only stores, reads and makes a transaction atomic.
 */

export interface StoredMutation {
  mutationId: string;
  rev: number;
  status: string;
}

export interface NewConflict {
  rev: number;
  collection: CollectionName;
  recordId: string;
  field: string;
  reason: ConflictReason;
  keptValue: unknown;
  lostValue: unknown;
  keptMutationId: string | null;
  lostMutationId: string;
  createdAt: string;
}

/** What one write transaction may do; everything it does is committed together or not at all. */
export interface SyncTransaction {
  /** The answers of the transaction's TransactionHints.bookkeeping, where the storage counts it so. */
  readonly bookkept?: Bookkept;
  revision(): Promise<number>;
  setRevision(revision: number, nowIso: string): Promise<void>;
  getRecord(collection: CollectionName, id: string): Promise<ServerRecord | null>;
  /** The record's data as of `revision` (latest change at or before it); null if absent or deleted then. */
  getRecordAt(collection: CollectionName, id: string, revision: number): Promise<RecordData | null>;
  /** Every record of the organisation, tombstones included. */
  listRecords(): Promise<ServerRecord[]>;
  /**
   * Upserts the record; the version it supersedes (an earlier revision's) moves to the change log, so that
   * getRecordAt still reads it. `mutationId` and `nowIso` are not stored (migration 8): a version is known
   * by its revision.
   */
  putRecord(record: ServerRecord, mutationId: string, nowIso: string): Promise<void>;
  getMutation(mutationId: string): Promise<StoredMutation | null>;
  /** Records an applied mutation id (deduplication) with its revision and status; `clientId` and `nowIso` are not stored. */
  saveMutation(mutation: StoredMutation, clientId: string, nowIso: string): Promise<void>;
  addConflict(conflict: NewConflict): Promise<void>;
  /**
   * Live records of `collection` whose indexed owner (their teacher, read-scope.ts) is `owner`, as this
   * transaction sees them: the per-teacher storage limits (server/contract-storage.ts).
   */
  listOwned(collection: CollectionName, owner: string): Promise<ServerRecord[]>;
  /** Bytes of data the live records of `collection` hold (UTF-8): the organisation's storage quota. */
  storedBytes(collection: CollectionName): Promise<number>;
  /**
   * Optional hint at the start of a batch: the mutation ids and records it will look up. A networked storage
   * (PostgreSQL) loads them in a couple of round trips instead of two per mutation; results are unchanged.
   */
  prefetch?(
    items: readonly { mutationId: string; collection: CollectionName; recordId: string }[],
  ): Promise<void>;
  /**
   * getRecord for a caller that only reads (the rule checks): the transaction's own copy, deep-frozen, not a
   * fresh one (issue 31: copying a timetable for each check of each check-in was 5 % of a batch's CPU on
   * PostgreSQL). Modifying what it returns throws. Absent: getRecord (peekRecord below).
   */
  peekRecord?(collection: CollectionName, id: string): Promise<ServerRecord | null>;
}

/** The record as `tx` sees it, for reading only: it may be frozen (SyncTransaction.peekRecord). */
export function peekRecord(
  tx: Pick<SyncTransaction, 'getRecord' | 'peekRecord'>,
  collection: CollectionName,
  id: string,
): Promise<ServerRecord | null> {
  return tx.peekRecord ? tx.peekRecord(collection, id) : tx.getRecord(collection, id);
}

/** SyncStorage.readAuthState: a session, its organisation's revision, what changed of its access data. */
export interface AuthState {
  session: SessionRow | null;
  revision: number;
  changed: { collection: CollectionName; id: string }[] | null;
}

/** What a write transaction will look up, told ahead (SyncStorage.transaction). */
export interface TransactionHints {
  /**
   * The mutation ids and records the batch will read: PostgreSQL loads those of every batch of a group commit
   * in two statements at the start of the group, instead of two per batch under the organisation's lock.
   */
  prefetch?: readonly { mutationId: string; collection: CollectionName; recordId: string }[];
  /**
   * The other records the batch's checks will read, from what is known so far (called again once those
   * are loaded: a timetable names its class, a class its institute). A hint: results are unchanged.
   */
  related?: (known: KnownRecord) => RecordKey[];
  /**
   * Server settings written in the batch's transaction when it commits, and only then (a device's last
   * contacts, device-contacts.ts), where the storage says `settingsWithBatch`: no statement of their own.
   */
  settings?: SettingEntries | (() => SettingEntries);
  /**
   * Rate-limit hits to count and settings to read before the batch runs (a push's write budget and its
   * device's last contacts), where the storage says `bookkeepingWithBatch`: in the group's first statement,
   * under the organisation's lock (issue 31: a statement and a round trip fewer per request). `fn` finds the
   * answers in `tx.bookkept`.
   */
  bookkeeping?: BookkeepingAsk;
}

/** Server settings as (name, value) pairs; a function form is asked once the batch has run. */
export type SettingEntries = readonly (readonly [string, string])[];

/** TransactionHints.bookkeeping: what to count and read before a batch runs. */
export interface BookkeepingAsk {
  hits: readonly RateHit[];
  read: readonly string[];
}

/** The answers of a BookkeepingAsk: each hit's count after it (RateLimitStore.hitEach), each setting's value. */
export interface Bookkept {
  counts: readonly number[];
  values: readonly (string | null)[];
}

export interface RecordKey {
  collection: CollectionName;
  id: string;
}

/** A record's data as loaded so far: null absent or deleted, undefined not loaded. */
export type KnownRecord = (collection: CollectionName, id: string) => RecordData | null | undefined;

/** One page of a collection's live records (a streamed answer, server/json-stream.ts). */
export interface PageRequest {
  /** Records whose id sorts after this one (binary order); '' from the start. */
  afterId: string;
  /** At most this many records. */
  limit: number;
  /** No more than this many bytes of data, past the first record (which always comes). */
  maxBytes: number;
  /** Only this teacher's records (the rules' "own" collections). */
  owner?: string;
}

export interface ChangesPage {
  revision: number;
  records: ServerRecord[];
  /** The byte cap (readChanges' maxBytes) ended the page before its limit: more records follow. */
  cut?: boolean;
}

/** One signed-in browser or enrolled kiosk. The cookie value is never stored: only its SHA-256. */
export interface SessionRow {
  tokenHash: string;
  orgId: string;
  /** The signed-in user; for a kiosk, the administrator who enrolled it. */
  userId: string;
  scope: 'user' | 'kiosk';
  /** Kiosk: the name given at enrolment; user session: the sign-in mode ('password'). */
  deviceId: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** Sessions shared by every app server on the database (any server answers any request). */
export interface SessionStore {
  create(row: SessionRow): Promise<void>;
  find(tokenHash: string): Promise<SessionRow | null>;
  touch(tokenHash: string, lastSeenAt: string): Promise<void>;
  revoke(tokenHash: string, at: string): Promise<void>;
  /** Ends every session of a user (password reset, archive), except `keep`. */
  revokeUser(orgId: string, userId: string, at: string, keep?: string): Promise<number>;
  listKiosks(orgId: string): Promise<SessionRow[]>;
  /** Drops sessions that expired or were revoked before `before`. */
  purge(before: string): Promise<void>;
}

/** `units` hits counted in `bucket`'s window starting at `windowStartMs`. */
export interface RateHit {
  bucket: string;
  windowStartMs: number;
  units: number;
}

/** Fixed-window counters; one atomic statement per bucket, so two servers never both grant the last try. */
export interface RateLimitStore {
  /**
   * Counts each hit in its bucket's window (a new window restarts at `units`) and answers the hits of each
   * window after the count, in order; all of them in one write (SQLite: one group commit).
   */
  hitEach(hits: readonly RateHit[]): Promise<number[]>;
  purge(beforeMs: number): Promise<void>;
}

export interface SyncStorage {
  readonly engine: 'sqlite' | 'postgres' | 'memory';
  /** True when `transaction` writes its hints' `settings` with the batch (PostgreSQL): see TransactionHints. */
  readonly settingsWithBatch?: boolean;
  /**
   * True when `transaction` counts and reads its hints' `bookkeeping` in the batch's transaction and gives the
   * answers in `tx.bookkept` (PostgreSQL): see TransactionHints.
   */
  readonly bookkeepingWithBatch?: boolean;
  readonly sessions: SessionStore;
  readonly rateLimits: RateLimitStore;
  /** Server-wide values (the setup code's hash). */
  readonly settings: SettingsStore;
  /** Indexed user lookups of the anonymous routes (table user_index, kept with the records). */
  readonly userLookup: UserLookup;
  /** Live records of one collection (sign-in looks users up; access rules need the profiles). */
  readCollection(orgId: string, collection: CollectionName): Promise<ServerRecord[]>;
  /** Live records by key (the timetables and users an access rule looks up); absent ones are skipped. */
  readRecords(
    orgId: string,
    keys: readonly { collection: CollectionName; id: string }[],
  ): Promise<ServerRecord[]>;
  /** Resolves when the database answers a trivial query (GET /api/health); rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Runs `fn` in one serialised write transaction of the organisation; a throw rolls everything back.
   * `hints` may let the storage load what `fn` will look up ahead (results unchanged).
   */
  transaction<T>(
    orgId: string,
    fn: (tx: SyncTransaction) => Promise<T>,
    hints?: TransactionHints,
  ): Promise<T>;
  /** The live records and the revision, read consistently (`stamps` left empty, as by readScoped). */
  readAll(orgId: string): Promise<{ revision: number; records: ServerRecord[] }>;
  /**
   * The live records one viewer's whole-store read needs (read-scope.ts), and the revision, read
   * consistently; the others are never loaded. Bulk reads leave `stamps` empty (devices never receive them).
   */
  readScoped(orgId: string, scope: ReadScope): Promise<{ revision: number; records: ServerRecord[] }>;
  /** The organisation's current revision, in one read (every authenticated request asks it). */
  readRevision(orgId: string): Promise<number>;
  /**
   * Optional (PostgreSQL, where each read is a round trip): what authenticating a request reads, in one
   * statement: the session row of `tokenHash`, the organisation's current revision, and the records of
   * `collections` changed after revision `since` (null when `since` is null or too far behind: reload).
   */
  readAuthState?(
    tokenHash: string,
    orgId: string,
    since: number | null,
    collections: readonly CollectionName[],
  ): Promise<AuthState>;
  /**
   * Records (tombstones included) after `cursor` in (rev, collection, id) order; with `maxBytes`, no more
   * than that many bytes of data past the first record (a page of contract files stays bounded).
   */
  readChanges(orgId: string, after: ChangeCursor, limit: number, maxBytes?: number): Promise<ChangesPage>;
  /** Live records of one collection, a page at a time in id order (bounded by count and bytes). */
  readPage(orgId: string, collection: CollectionName, page: PageRequest): Promise<ServerRecord[]>;
  readConflicts(orgId: string, afterId: number, limit: number): Promise<ConflictEntry[]>;
  /**
   * Calls `listener` after each committed transaction that moved an organisation's revision, on this server
   * and (PostgreSQL: LISTEN/NOTIFY) on every other server of the database. Answers the unsubscribe.
   */
  onRevision(listener: (orgId: string, revision: number) => void): () => void;
  close(): Promise<void>;
}
