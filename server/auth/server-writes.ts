import { randomUUID } from 'node:crypto';
import type { CollectionName } from '../../src/domain/store/schema';
import type { RecordData } from '../../src/domain/sync/merge';
import type { Mutation, PushResponse } from '../../src/domain/sync/protocol';
import type { SyncStorage } from '../storage/sync-storage';
import { applyBatch, type Authorize } from '../sync-service';

/** A change the server makes itself (reset token, emergency administrator): through the change log like any. */
export interface ServerChange {
  collection: CollectionName;
  id: string;
  /** Fields to set; a field set to undefined is removed. */
  fields: RecordData;
}

export function serverMutation(change: ServerChange, now: Date): Mutation {
  const values: RecordData = {};
  for (const [key, value] of Object.entries(change.fields)) if (value !== undefined) values[key] = value;
  return {
    mutationId: `server-${randomUUID()}`,
    collection: change.collection,
    recordId: change.id,
    op: 'put',
    changedFields: Object.keys(change.fields).filter((f) => f !== 'id'),
    values,
    // Made inside the batch's transaction from the record as it is now: based on every revision, so it is
    // never taken for a stale concurrent edit (which would record a conflict against itself).
    baseRevision: Number.MAX_SAFE_INTEGER,
    createdAt: now.toISOString(),
  };
}

export function applyServerChanges(
  storage: SyncStorage,
  orgId: string,
  changes: readonly ServerChange[],
  now: Date,
  /** A condition checked inside the write transaction (e.g. the reset token is still the one checked). */
  authorize?: Authorize,
): Promise<PushResponse> {
  return applyBatch(
    storage,
    orgId,
    'server',
    changes.map((c) => serverMutation(c, now)),
    now,
    authorize,
  );
}

export { findByEmail } from '../../src/domain/users/find-by-email';
