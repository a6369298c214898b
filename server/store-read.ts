import { lookupOfRecords, LOOKUP_COLLECTIONS, projectAll } from './auth/access';
import { STORE_PARTS, type CollectionName, type StorePart } from '../src/domain/store/collections';
import type { StoreV1 } from '../src/domain/store/schema';
import type { Viewer } from '../src/domain/access/viewer';
import type { SyncStorage } from './storage/sync-storage';
import { assembleStore, readVisibleRecords } from './sync-service';

/**
 * GET /api/store: the viewer's whole view, or one part of it (STORE_PARTS: a new device stores the first part
 * and shows its screens while the journals come). A part reads its collections plus what the rules look up
 * (profiles, users, timetables: lookupOfRecords), projects as the whole read does, and keeps its own: the two
 * parts together are exactly the whole answer (tests/server/read-scope.test.ts).
 */
export async function readViewerStore(
  storage: SyncStorage,
  orgId: string,
  viewer: Viewer,
  part?: StorePart,
): Promise<{ revision: number; store: StoreV1 }> {
  const only = part ? new Set<CollectionName>([...STORE_PARTS[part], ...LOOKUP_COLLECTIONS]) : undefined;
  const { revision, records } = await readVisibleRecords(storage, orgId, viewer, only);
  const visible = projectAll(viewer, records, lookupOfRecords(records));
  if (!part) return { revision, store: assembleStore(visible) };
  const wanted = new Set<CollectionName>(STORE_PARTS[part]);
  return { revision, store: assembleStore(visible.filter((r) => wanted.has(r.collection))) };
}
