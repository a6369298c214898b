import { COLLECTION_NAMES, type CollectionName, type StoreV1, type User } from '../store/schema';

/**
 * Rules of the Données export and import (spec part 1 points 2 and 5). Parsing into a store and its
 * migration are in domain/store; this file holds what is particular to a file chosen by a person.
 */

/** A larger file would be read whole into memory on a phone; no school's data comes near it. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

export const EXPORT_FILE_PREFIX = 'user-mgmt-store';

/** Spec part 1 point 2: the export file name carries a date stamp (UTC, spec part 1 point 1). */
export function exportFileName(now: Date): string {
  return `${EXPORT_FILE_PREFIX}-${now.toISOString().slice(0, 10)}.json`;
}

const CLEAR_SECRET_FIELDS = ['password', 'pin', 'passwordResetToken'] as const;

/**
 * The export carries hashes only. The tables should hold no clear secret (migration hashes them), but a
 * record written by an older client could: never let one leave the device in a file.
 */
export function withoutClearSecrets(store: StoreV1): StoreV1 {
  const users = store.users.map((user) => {
    const copy: User = { ...user };
    for (const field of CLEAR_SECRET_FIELDS) delete copy[field];
    return copy;
  });
  return { ...store, users };
}

export type ImportTextResult = { ok: true; json: unknown } | { ok: false; code: 'unreadable-json' };

export function isImportTooBig(bytes: number): boolean {
  return bytes > IMPORT_MAX_BYTES;
}

export function parseImportText(text: string): ImportTextResult {
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, code: 'unreadable-json' };
  }
}

export type RecordIds = Record<CollectionName, readonly string[]>;

export interface ReplacementRow {
  collection: CollectionName;
  /** Records on this device now. */
  current: number;
  /** Records in the file. */
  incoming: number;
  /** Records of this device absent from the file: the import deletes them. */
  removed: number;
}

/** What an import will replace, collection by collection (shown before the confirmation). */
export function replacementSummary(current: RecordIds, incoming: StoreV1): ReplacementRow[] {
  return COLLECTION_NAMES.map((collection) => {
    const kept = new Set(incoming[collection].map((r) => r.id));
    const ids = current[collection];
    return {
      collection,
      current: ids.length,
      incoming: kept.size,
      removed: ids.filter((id) => !kept.has(id)).length,
    };
  });
}

/** Ids of this device's records that the file does not hold, per collection. */
export function absentIds(
  current: RecordIds,
  incoming: StoreV1,
): { collection: CollectionName; id: string }[] {
  return COLLECTION_NAMES.flatMap((collection) => {
    const kept = new Set(incoming[collection].map((r) => r.id));
    return current[collection].filter((id) => !kept.has(id)).map((id) => ({ collection, id }));
  });
}
