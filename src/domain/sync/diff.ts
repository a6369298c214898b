import { APPEND_ONLY_COLLECTIONS, COLLECTION_NAMES, type CollectionName } from '../store/schema';
import { assignElementIds, deepEqual, isIdArrayField, type RecordData } from './merge';

/** A change found by comparing two versions of a store, before it gets its id, base and clock. */
export interface RecordChange {
  collection: CollectionName;
  recordId: string;
  op: 'put' | 'delete';
  changedFields: string[];
  values?: Record<string, unknown>;
}

export type RecordsByCollection = Partial<Record<CollectionName, ReadonlyMap<string, RecordData>>>;

function normalised(collection: CollectionName, record: RecordData): RecordData {
  const id = String(record.id);
  const out: RecordData = { ...record };
  for (const [field, value] of Object.entries(record)) {
    if (isIdArrayField(collection, field) && Array.isArray(value)) out[field] = assignElementIds(id, value);
  }
  return out;
}

/** Top-level fields whose value differs, `id` excepted. */
export function changedFieldsOf(before: RecordData | undefined, after: RecordData): string[] {
  const prev = before ?? {};
  const keys = new Set([...Object.keys(prev), ...Object.keys(after)]);
  return [...keys].filter((k) => k !== 'id' && !deepEqual(prev[k], after[k])).sort();
}

/**
 * The mutations that turn `before` into `after` (a whole v1 store): PUT /api/store and the Données import.
 * Records missing from `after` are deleted, except in append-only collections: an older copy that lacks
 * recent logs must not erase them.
 */
export function diffStore(
  before: RecordsByCollection,
  after: Partial<Record<CollectionName, readonly RecordData[]>>,
): RecordChange[] {
  const changes: RecordChange[] = [];
  for (const collection of COLLECTION_NAMES) {
    const previous = before[collection] ?? new Map<string, RecordData>();
    const seen = new Set<string>();
    for (const raw of after[collection] ?? []) {
      const id = raw.id;
      if (typeof id !== 'string' || seen.has(id)) continue;
      seen.add(id);
      const record = normalised(collection, raw);
      const old = previous.get(id);
      const fields = changedFieldsOf(old === undefined ? undefined : normalised(collection, old), record);
      if (old !== undefined && fields.length === 0) continue;
      const values: Record<string, unknown> = {};
      for (const f of fields) if (record[f] !== undefined) values[f] = record[f];
      changes.push({ collection, recordId: id, op: 'put', changedFields: fields, values });
    }
    if (APPEND_ONLY_COLLECTIONS.has(collection)) continue;
    for (const id of previous.keys()) {
      if (!seen.has(id)) changes.push({ collection, recordId: id, op: 'delete', changedFields: [] });
    }
  }
  return changes;
}
