import type { ServerRecord } from '../src/domain/sync/merge';
import type { RemoteRecord } from '../src/domain/sync/protocol';

/** A stored record as devices receive it: a deleted one travels without its data. */
export function toRemote(record: ServerRecord): RemoteRecord {
  return {
    collection: record.collection,
    id: record.id,
    rev: record.rev,
    deleted: record.deleted,
    data: record.deleted ? null : record.data,
  };
}
