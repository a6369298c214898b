import { Dexie, type Table } from 'dexie';
import type { CollectionName, CollectionRecords } from '../domain/store/schema';

export interface MetaEntry {
  key: string;
  value: unknown;
}

/** One pending change for the server (ARCHITECTURE.md "Sync"). */
export interface OutboxMutation {
  seq?: number;
  mutationId: string;
  collection: CollectionName;
  recordId: string;
  op: 'put' | 'delete';
  /** Top-level fields this change touched; the server merges only these. */
  changedFields: string[];
  /** Values of the changed fields after the change (absent for a delete). */
  values?: Record<string, unknown>;
  /** Server revision of the record the change was made on (0 for a record the server never sent). */
  baseRevision: number | null;
  createdAt: string;
  /** Values the change replaced, for arrays merged by element id (slots): the ancestor of their merge. */
  baseValues?: Record<string, unknown>;
  /**
   * Who made the change on this device (a change travels only under its author's session): the signed-in user's id, 'kiosk' in PIN mode, null when
   * nobody was signed in. The server authorises a mutation with the session that pushes it, so a change waits
   * until its author's own session (or the kiosk credential) is there: never sent under someone else's.
   */
  author?: string | null;
}

/** Server revision of each record as last received (key `collection/id`); absent = the store revision. */
export interface RecordRevision {
  key: string;
  rev: number;
}

export function revisionKey(collection: CollectionName, id: string): string {
  return `${collection}/${id}`;
}

type CollectionTables = { [C in CollectionName]: Table<CollectionRecords[C], string> };

export type AppDatabase = Dexie &
  CollectionTables & {
    meta: Table<MetaEntry, string>;
    outbox: Table<OutboxMutation, number>;
    revisions: Table<RecordRevision, string>;
  };

/** Indexes by what screens query: period matching of timetables, journals by time, logs by slot and teacher. */
export const SCHEMA_V1: Record<
  | Exclude<CollectionName, 'monthClosures' | 'statementAcks' | 'absences' | 'substitutions'>
  | 'meta'
  | 'outbox',
  string
> = {
  users: 'id, email, profileId, status',
  profiles: 'id',
  modules: 'id',
  classes: 'id, code',
  courseModules: 'id, code',
  levels: 'id',
  institutes: 'id',
  timetables: 'id, planningImportId, classId, [year+weekStartDate], [year+month]',
  planningImports: 'id, createdAt',
  planningLogs: 'id, timestamp, timetableId, teacherUserId',
  userLogs: 'id, timestamp, targetUserId, action',
  notifications: 'id, createdAt',
  rescheduleRequests: 'id, requestedAt, status, teacherUserId',
  contracts: 'id, teacherUserId',
  teacherContractSubmissions: 'id, teacherUserId',
  settings: 'id',
  meta: 'key',
  outbox: '++seq, &mutationId, collection',
};

/** Version 2: per-record server revisions, and the outbox indexed by record for re-application. */
export const SCHEMA_V2 = {
  outbox: '++seq, &mutationId, collection, [collection+recordId]',
  revisions: 'key',
} as const;

/**
 * Version 3: revisions indexed by rev. A record's own revision matters only while it is above the store
 * revision (absent = the store revision); once a pull completes past it, the entry goes (sync/apply-remote).
 */
export const SCHEMA_V3 = {
  revisions: 'key, rev',
} as const;

/** Version 4: month closings (issue 32, domain/payroll/closing.ts), by month. */
export const SCHEMA_V4 = {
  monthClosures: 'id, month',
} as const;

/** Version 5: teachers' answers to their payroll statements (issue 32, domain/payroll/statement-ack.ts). */
export const SCHEMA_V5 = {
  statementAcks: 'id, teacherUserId, month',
} as const;

/** Version 6: absences and substitutions (issue 35, domain/absences/records.ts). */
export const SCHEMA_V6 = {
  absences: 'id, teacherUserId, date',
  substitutions: 'id, date, substituteUserId, absentUserId',
} as const;

export const DATABASE_NAME = 'emargement';

export function openDatabase(name: string = DATABASE_NAME): AppDatabase {
  const db = new Dexie(name) as AppDatabase;
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2);
  db.version(3).stores(SCHEMA_V3);
  db.version(4).stores(SCHEMA_V4);
  db.version(5).stores(SCHEMA_V5);
  db.version(6).stores(SCHEMA_V6);
  return db;
}

let shared: AppDatabase | null = null;

/** The app's database (one per browser profile). Tests open their own with `openDatabase`. */
export function appDb(): AppDatabase {
  shared ??= openDatabase();
  return shared;
}

/** A collection table seen without its record type, for code that handles every collection alike. */
export function anyTable(db: AppDatabase, name: CollectionName): Table<Record<string, unknown>, string> {
  return db[name];
}
