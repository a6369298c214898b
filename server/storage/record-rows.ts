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
 * - the base stamp applies to every key of `data`, except those listed in `unstamped`;
 * - `differing` maps a field to its own stamp `[rev, at, by, mid]` (also fields absent from `data`);
 * - `at` is the epoch in milliseconds when that gives back the exact same ISO text, the text otherwise;
 * - in `differing`, `by` is 0 when it is the base stamp's device;
 * - `mid` is the number n when the mutation id is `${by}-${n}` (a whole-store write's ids), the text otherwise.
 * A record without stamps stores `[]`. The older form (a JSON object of full stamps, migrations 2 to 5)
 * is still read, so a row not yet rewritten never breaks a read.
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

type EncodedStamp = [number, number | string, string | 0, number | string];

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

/** The compact text of a record's stamps (see the format above). */
export function encodeStamps(stamps: Readonly<Record<string, FieldStamp>>, data: RecordData): string {
  const keys = Object.keys(stamps);
  if (keys.length === 0) return '[]';
  // The base: the most frequent stamp among the data's fields (any stamp if none of them has one).
  const counts: { stamp: FieldStamp; n: number }[] = [];
  for (const key of keys) {
    if (!(key in data)) continue;
    const stamp = stamps[key] as FieldStamp;
    const found = counts.find((c) => sameStamp(c.stamp, stamp));
    if (found) found.n += 1;
    else counts.push({ stamp, n: 1 });
  }
  let best = counts[0];
  for (const c of counts) if (best && c.n > best.n) best = c;
  const first = stamps[keys[0] ?? ''];
  const base: FieldStamp | undefined = best?.stamp ?? first;
  if (!base) return '[]';
  const differing: Record<string, EncodedStamp> = {};
  let anyDiffering = false;
  for (const key of keys) {
    const stamp = stamps[key] as FieldStamp;
    if (key in data && sameStamp(stamp, base)) continue;
    differing[key] = [
      stamp.rev,
      encodeAt(stamp.at),
      stamp.by === base.by ? 0 : stamp.by,
      encodeMid(stamp.mid, stamp.by),
    ];
    anyDiffering = true;
  }
  const unstamped = Object.keys(data).filter((key) => !(key in stamps));
  const out: unknown[] = [base.rev, encodeAt(base.at), base.by, encodeMid(base.mid, base.by)];
  if (anyDiffering || unstamped.length > 0) out.push(anyDiffering ? differing : 0);
  if (unstamped.length > 0) out.push(unstamped);
  return JSON.stringify(out);
}

/** The full per-field stamps of a record, from either stored form. */
export function decodeStamps(text: string, data: RecordData): Record<string, FieldStamp> {
  const parsed = JSON.parse(text) as unknown;
  // The form of migrations 2 to 5: every field's stamp written out.
  if (!Array.isArray(parsed)) return parsed as Record<string, FieldStamp>;
  if (parsed.length === 0) return {};
  const [rev, at, by, mid, differing, unstamped] = parsed as [
    number,
    number | string,
    string,
    number | string,
    Record<string, EncodedStamp> | 0 | undefined,
    string[] | undefined,
  ];
  const base: FieldStamp = { rev, at: decodeAt(at), by, mid: decodeMid(mid, by) };
  const skip = new Set(unstamped ?? []);
  const stamps: Record<string, FieldStamp> = {};
  for (const key of Object.keys(data)) if (!skip.has(key)) stamps[key] = { ...base };
  if (differing)
    for (const [key, [r, a, b, m]] of Object.entries(differing)) {
      const author = b === 0 ? by : b;
      stamps[key] = { rev: r, at: decodeAt(a), by: author, mid: decodeMid(m, author) };
    }
  return stamps;
}

/** A stored record. `withStamps: false` skips the stamps (reads that hand records to devices never use them). */
export function recordFromRow(row: RecordRow, withStamps = true): ServerRecord {
  const data = JSON.parse(row.data) as RecordData;
  return {
    collection: row.collection as CollectionName,
    id: row.record_id,
    rev: Number(row.rev),
    deleted: row.deleted === true || row.deleted === 1,
    data,
    stamps: withStamps ? decodeStamps(row.stamps, data) : {},
  };
}

/** The column values of a record: `data` and `stamps` as stored text. */
export function recordToRow(record: ServerRecord): {
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
    stamps: encodeStamps(record.stamps, record.data),
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

export const mutationFromRow = (row: StoredMutationRow) => ({
  mutationId: row.mutation_id,
  rev: Number(row.rev),
  status: row.status,
});
