import type { CollectionName, CollectionRecords } from '../domain/store/schema';
import { COLLECTION_NAMES } from '../domain/store/collections';
import { isIdArrayField } from '../domain/sync/merge';
import { revisionKey, type AppDatabase, type OutboxMutation } from './database';
import { currentAuthor, getMeta } from './meta';

type RecordOf<C extends CollectionName> = CollectionRecords[C];

/** Writes of one transaction: each touches a record and appends its outbox mutation (ARCHITECTURE.md "Sync"). */
export interface Writer {
  get<C extends CollectionName>(collection: C, id: string): Promise<RecordOf<C> | undefined>;
  put<C extends CollectionName>(collection: C, record: RecordOf<C>): Promise<void>;
  patch<C extends CollectionName>(
    collection: C,
    id: string,
    changes: Partial<RecordOf<C>>,
  ): Promise<RecordOf<C> | undefined>;
  remove(collection: CollectionName, id: string): Promise<void>;
}

type WriteListener = () => void;
const listeners = new Set<WriteListener>();

/** Lets the sync engine learn that the outbox grew, without the db layer knowing about sync. */
export function onLocalWrite(listener: WriteListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Top-level fields whose value differs between two versions of a record. */
export function changedFields(before: object | undefined, after: object): string[] {
  const prev = (before ?? {}) as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)]);
  return [...keys].filter((k) => !sameValue(prev[k], next[k])).sort();
}

function newMutationId(): string {
  return globalThis.crypto.randomUUID();
}

export const WRITE_TABLES = [...COLLECTION_NAMES, 'meta', 'outbox', 'revisions'] as const;

/**
 * The server revision a change to this record is based on: the record's own revision when a pull brought
 * it, else the store revision the tables are caught up to (every change up to it is in the tables).
 */
export async function baseRevisionOf(
  db: AppDatabase,
  collection: CollectionName,
  id: string,
): Promise<number> {
  const own = await db.revisions.get(revisionKey(collection, id));
  return own?.rev ?? (await getMeta(db, 'revision')) ?? 0;
}

/** Values an edit replaced, kept for id-arrays so a later pull can merge them element by element. */
export function baseValuesOf(
  collection: CollectionName,
  before: object | undefined,
  fields: readonly string[],
): Record<string, unknown> | undefined {
  const prev = (before ?? {}) as Record<string, unknown>;
  const kept = fields.filter((f) => isIdArrayField(collection, f) && prev[f] !== undefined);
  return kept.length === 0 ? undefined : Object.fromEntries(kept.map((f) => [f, prev[f]]));
}

/**
 * Runs `fn` in one read-write transaction over every table: the records, their journal entries and their
 * outbox mutations are written together or not at all.
 */
export async function writeBatch<T>(db: AppDatabase, fn: (writer: Writer) => Promise<T>): Promise<T> {
  let wrote = false;
  const result = await db.transaction('rw', [...WRITE_TABLES], async () => {
    const createdAt = new Date().toISOString();
    const author = await currentAuthor(db);
    const append = async (mutation: Omit<OutboxMutation, 'mutationId' | 'baseRevision' | 'createdAt'>) => {
      const baseRevision = await baseRevisionOf(db, mutation.collection, mutation.recordId);
      const entry: OutboxMutation = {
        ...mutation,
        mutationId: newMutationId(),
        baseRevision,
        createdAt,
        author,
      };
      if (entry.baseValues === undefined) delete entry.baseValues;
      await db.outbox.add(entry);
      wrote = true;
    };
    const writer: Writer = {
      get: (collection, id) => db[collection].get(id) as never,
      put: async (collection, record) => {
        const table = db[collection];
        const before = (await table.get(record.id)) as object | undefined;
        const fields = changedFields(before, record);
        if (before && fields.length === 0) return;
        await table.put(record as never);
        const values: Record<string, unknown> = {};
        for (const f of fields) values[f] = (record as Record<string, unknown>)[f];
        const baseValues = baseValuesOf(collection, before, fields);
        await append({
          collection,
          recordId: record.id,
          op: 'put',
          changedFields: fields,
          values,
          baseValues,
        });
      },
      patch: async (collection, id, changes) => {
        const current = await db[collection].get(id);
        if (!current) return undefined;
        const next = { ...current, ...changes } as RecordOf<typeof collection>;
        await writer.put(collection, next);
        return next as never;
      },
      remove: async (collection, id) => {
        const exists = await db[collection].get(id);
        if (!exists) return;
        await db[collection].delete(id);
        await append({ collection, recordId: id, op: 'delete', changedFields: [] });
      },
    };
    return fn(writer);
  });
  if (wrote) for (const listener of listeners) listener();
  return result;
}
