import type { CollectionName } from '../../src/domain/store/schema';
import type { FieldStamp, RecordData, ServerRecord } from '../../src/domain/sync/merge';
import type { ConflictEntry } from '../../src/domain/sync/protocol';
import { ownerOf } from './read-scope';

/**
 * Rows ↔ records, shared by the SQLite and PostgreSQL storages: both store the same columns and the same
 * text, only the drivers' types differ (BIGINT arrives as a string, booleans as 0/1 on SQLite).
 *
 * Per-field revision stamps are stored compactly. Nearly every field of a record is written by the same
 * mutation, so a record stores one base stamp and only the fields whose stamp differs (the merge of
 * src/domain/sync reads the full map, rebuilt here, unchanged):
 *
 *   [rev, at, by, mid, differing?, unstamped?]
 *
 * - `rev` of the base stamp is how far below the record's own revision it is (0 nearly always);
 * - the base stamp applies to every key of `data` except `id` (the key, never written by a mutation) and
 *   those listed in `unstamped`;
 * - `differing` maps a field to its own stamp `[rev, at, by, mid]` (also fields absent from `data`, and `id`
 *   when it has a stamp);
 * - `by`, the device id, is its number in the organisation's `writers` table (migration 9): a device writes
 *   thousands of records, its id is stored once; in `differing`, 0 is the base stamp's device;
 * - `at` is the epoch in milliseconds when that gives back the exact same ISO text, the text otherwise;
 * - `mid` is the number n when the mutation id is `${by}-${n}` (a whole-store write's ids), the text otherwise.
 * A record without stamps stores `[]`. Older forms are still read: migrations 6 to 8 wrote `by` as text (and
 * stamped `id` with the base stamp unless `unstamped` said otherwise), migrations 2 to 5 a JSON object of full
 * stamps.
 */

/** Driver values: PostgreSQL BIGINT columns arrive as strings, SQLite booleans as 0/1. */
type Int = number | string;
type Bool = boolean | number;

export interface RecordRow {
  collection: string;
  record_id: string;
  rev: Int;
  deleted: Bool;
  data: string;
  stamps: string;
}

/** The columns of a record row, in the storages' SELECT order. */
export const RECORD_COLUMNS = 'collection, record_id, rev, deleted, data, stamps';

/**
 * change_log.data of a record's latest change in migrations 6 and 7 (the data was then the record's own,
 * records.data). Since migration 8 the change log holds superseded versions only, each with its data.
 */
export const SAME_AS_RECORD = '';

type EncodedStamp = [number, number | string, string | number, number | string];

/** Device ids ↔ their numbers in one organisation's `writers` table (resolved by the storage). */
export interface WriterNumbers {
  numberOf(clientId: string): number;
  clientOf(n: number): string;
}

function encodeAt(at: string): number | string {
  const ms = Date.parse(at);
  return Number.isFinite(ms) && new Date(ms).toISOString() === at ? ms : at;
}

function decodeAt(at: unknown): string {
  return typeof at === 'number' ? new Date(at).toISOString() : String(at);
}

const INDEX = /^(0|[1-9][0-9]{0,14})$/;

function encodeMid(mid: string, by: string): number | string {
  if (!mid.startsWith(`${by}-`)) return mid;
  const rest = mid.slice(by.length + 1);
  return INDEX.test(rest) ? Number(rest) : mid;
}

function decodeMid(mid: unknown, by: string): string {
  return typeof mid === 'number' ? `${by}-${mid}` : String(mid);
}

const sameStamp = (a: FieldStamp, b: FieldStamp) =>
  a.rev === b.rev && a.at === b.at && a.by === b.by && a.mid === b.mid;

/** The distinct devices of a record's stamps (the storage gives each its number before encodeStamps). */
export function stampWriters(stamps: Readonly<Record<string, FieldStamp>>): string[] {
  return [...new Set(Object.values(stamps).map((s) => s.by))];
}

/** The device numbers a stored stamps text refers to (the storage resolves them before decodeStamps). */
export function storedWriterNumbers(text: string): number[] {
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed) || typeof parsed[2] !== 'number') return [];
  const out = new Set<number>([parsed[2]]);
  const differing = parsed[4] as Record<string, EncodedStamp> | 0 | undefined;
  if (differing)
    for (const [, , by] of Object.values(differing)) if (typeof by === 'number' && by > 0) out.add(by);
  return [...out];
}

/** The compact text of a record's stamps (see the format above). */
export function encodeStamps(
  stamps: Readonly<Record<string, FieldStamp>>,
  data: RecordData,
  writers: Pick<WriterNumbers, 'numberOf'>,
  recordRev: number,
): string {
  return encode(stamps, data, (by) => writers.numberOf(by), recordRev);
}

/** The form migration 6 wrote: device ids as text, `id` stamped like any field (decodeStamps still reads it). */
export function encodeStampsAsText(stamps: Readonly<Record<string, FieldStamp>>, data: RecordData): string {
  return encode(stamps, data, (by) => by, null);
}

function encode(
  stamps: Readonly<Record<string, FieldStamp>>,
  data: RecordData,
  writer: (clientId: string) => number | string,
  /** The current form (`id` unstamped by default, base rev below this one); null: migration 6's form. */
  recordRev: number | null,
): string {
  const idIsKey = recordRev !== null;
  const keys = Object.keys(stamps);
  if (keys.length === 0) return '[]';
  const based = (key: string) => key in data && !(idIsKey && key === 'id');
  // The base: the most frequent stamp among the data's fields (any stamp if none of them has one).
  const counts: { stamp: FieldStamp; n: number }[] = [];
  for (const key of keys) {
    if (!based(key)) continue;
    const stamp = stamps[key] as FieldStamp;
    const found = counts.find((c) => sameStamp(c.stamp, stamp));
    if (found) found.n += 1;
    else counts.push({ stamp, n: 1 });
  }
  let best = counts[0];
  for (const c of counts) if (best && c.n > best.n) best = c;
  const base: FieldStamp | undefined = best?.stamp ?? stamps[keys[0] ?? ''];
  if (!base) return '[]';
  const differing: Record<string, EncodedStamp> = {};
  let anyDiffering = false;
  for (const key of keys) {
    const stamp = stamps[key] as FieldStamp;
    if (based(key) && sameStamp(stamp, base)) continue;
    differing[key] = [
      stamp.rev,
      encodeAt(stamp.at),
      stamp.by === base.by ? 0 : writer(stamp.by),
      encodeMid(stamp.mid, stamp.by),
    ];
    anyDiffering = true;
  }
  const unstamped = Object.keys(data).filter((key) => based(key) && !(key in stamps));
  const rev = recordRev === null ? base.rev : recordRev - base.rev;
  const out: unknown[] = [rev, encodeAt(base.at), writer(base.by), encodeMid(base.mid, base.by)];
  if (anyDiffering || unstamped.length > 0) out.push(anyDiffering ? differing : 0);
  if (unstamped.length > 0) out.push(unstamped);
  return JSON.stringify(out);
}

/**
 * The full per-field stamps of a record, from any stored form (`writers` is asked only for the device numbers
 * of the current form).
 */
export function decodeStamps(
  text: string,
  data: RecordData,
  writers: Pick<WriterNumbers, 'clientOf'>,
  recordRev: number,
): Record<string, FieldStamp> {
  const parsed = JSON.parse(text) as unknown;
  // The form of migrations 2 to 5: every field's stamp written out.
  if (!Array.isArray(parsed)) return parsed as Record<string, FieldStamp>;
  if (parsed.length === 0) return {};
  const [storedRev, at, storedBy, mid, differing, unstamped] = parsed as [
    number,
    number | string,
    number | string,
    number | string,
    Record<string, EncodedStamp> | 0 | undefined,
    string[] | undefined,
  ];
  // Migrations 6 to 8 wrote the device id as text, and gave `id` the base stamp unless listed unstamped.
  const numbered = typeof storedBy === 'number';
  const by = numbered ? writers.clientOf(storedBy) : storedBy;
  const rev = numbered ? recordRev - storedRev : storedRev;
  const base: FieldStamp = { rev, at: decodeAt(at), by, mid: decodeMid(mid, by) };
  const skip = new Set(unstamped ?? []);
  const stamps: Record<string, FieldStamp> = {};
  for (const key of Object.keys(data))
    if (!skip.has(key) && !(numbered && key === 'id')) stamps[key] = { ...base };
  if (differing)
    for (const [key, [r, a, b, m]] of Object.entries(differing)) {
      const author = b === 0 ? by : typeof b === 'number' ? writers.clientOf(b) : b;
      stamps[key] = { rev: r, at: decodeAt(a), by: author, mid: decodeMid(m, author) };
    }
  return stamps;
}

/** No device numbers: the forms of migrations 2 to 8 only (their device ids are text). */
export const TEXT_WRITERS: WriterNumbers = {
  numberOf: () => {
    throw new Error('no writer numbers here');
  },
  clientOf: () => {
    throw new Error('no writer numbers here');
  },
};

/**
 * A stored record. Its stamps only with `writers` (inside a write transaction, the merge's reads): reads that
 * hand records to devices or to the access rules never use them, and leave them empty.
 */
export function recordFromRow(row: RecordRow, writers?: Pick<WriterNumbers, 'clientOf'>): ServerRecord {
  const data = JSON.parse(row.data) as RecordData;
  return {
    collection: row.collection as CollectionName,
    id: row.record_id,
    rev: Number(row.rev),
    deleted: row.deleted === true || row.deleted === 1,
    data,
    stamps: writers ? decodeStamps(row.stamps, data, writers, Number(row.rev)) : {},
  };
}

/** The column values of a record: `data` and `stamps` as stored text. */
export function recordToRow(
  record: ServerRecord,
  writers: Pick<WriterNumbers, 'numberOf'>,
): {
  collection: CollectionName;
  recordId: string;
  rev: number;
  deleted: boolean;
  data: string;
  stamps: string;
  /** The indexed teacher of a record of the "own" collections (read-scope.ts), null otherwise. */
  owner: string | null;
} {
  return {
    collection: record.collection,
    recordId: record.id,
    rev: record.rev,
    deleted: record.deleted,
    data: JSON.stringify(record.data),
    stamps: encodeStamps(record.stamps, record.data, writers, record.rev),
    owner: record.deleted ? null : ownerOf(record.collection, record.data),
  };
}

export interface ConflictRow {
  id: Int;
  rev: Int;
  collection: string;
  record_id: string;
  field: string;
  reason: string;
  kept_value: string | null;
  lost_value: string | null;
  kept_mutation_id: string | null;
  lost_mutation_id: string;
  created_at: string;
}

export function conflictFromRow(r: ConflictRow): ConflictEntry {
  return {
    id: Number(r.id),
    rev: Number(r.rev),
    collection: r.collection as CollectionName,
    recordId: r.record_id,
    field: r.field,
    reason: r.reason as ConflictEntry['reason'],
    keptValue: r.kept_value === null ? null : (JSON.parse(r.kept_value) as unknown),
    lostValue: r.lost_value === null ? null : (JSON.parse(r.lost_value) as unknown),
    keptMutationId: r.kept_mutation_id,
    lostMutationId: r.lost_mutation_id,
    createdAt: r.created_at,
  };
}

/** A conflict's kept/lost value as stored (undefined: NULL). */
export const jsonOrNull = (value: unknown): string | null =>
  value === undefined ? null : JSON.stringify(value);

export interface StoredMutationRow {
  mutation_id: string;
  rev: Int;
  status: string;
}

/**
 * A mutation's status as `mutations` stores it since migration 9: one letter for each status of the protocol
 * (tens of thousands of rows), any other text as is.
 */
const STATUS_LETTERS: Readonly<Record<string, string>> = {
  applied: 'a',
  merged: 'm',
  unchanged: 'u',
  rejected: 'r',
  duplicate: 'd',
};
const STATUS_OF_LETTER = new Map(Object.entries(STATUS_LETTERS).map(([status, letter]) => [letter, status]));

export const storedStatus = (status: string): string => STATUS_LETTERS[status] ?? status;

/** Migration 9's rewrite of the statuses already stored (SQL, the same on both engines). */
export const STATUS_LETTERS_SQL = `UPDATE mutations SET status = CASE status ${Object.entries(STATUS_LETTERS)
  .map(([status, letter]) => `WHEN '${status}' THEN '${letter}'`)
  .join(' ')} ELSE status END`;

export const mutationFromRow = (row: StoredMutationRow) => ({
  mutationId: row.mutation_id,
  rev: Number(row.rev),
  status: STATUS_OF_LETTER.get(row.status) ?? row.status,
});
