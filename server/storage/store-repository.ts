import type { StoreV1 } from '../../src/domain/store/schema';

export interface StoredDocument {
  revision: number;
  doc: StoreV1 | null;
}

export type WriteResult =
  { ok: true; revision: number } | { ok: false; reason: 'revision-mismatch'; revision: number };

/** Storage of organisation stores; SQLite today, other engines behind the same interface. */
export interface StoreRepository {
  read(orgId: string): StoredDocument;
  /** Writes atomically; `expectedRevision` null means "whatever is current". */
  write(orgId: string, doc: StoreV1, expectedRevision: number | null): WriteResult;
  close(): void;
}
