import type { ServerRecord } from '../../src/domain/sync/merge';
import type { ConflictEntry } from '../../src/domain/sync/protocol';
import { memoryAuthStores } from './memory-auth-store';
import type { StoredMutation, SyncStorage, SyncTransaction } from './sync-storage';
import { ownerOf } from './read-scope';
import { RevisionFeed } from './revision-feed';
import { rowsWithin, utf8Bytes } from './page-sizes';

interface OrgState {
  revision: number;
  records: Map<string, ServerRecord>;
  log: Map<string, { rev: number; record: ServerRecord }[]>;
  mutations: Map<string, StoredMutation>;
  conflicts: ConflictEntry[];
}

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

function compareChange(a: ServerRecord, b: { rev: number; collection: string; id: string }): number {
  if (a.rev !== b.rev) return a.rev - b.rev;
  if (a.collection !== b.collection) return a.collection < b.collection ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * In-memory storage with the same contract as the SQLite one: for property tests of the merge over many
 * interleavings, where a file per run would be too slow. A failed transaction restores the state it found.
 */
export function createMemorySyncStorage(): SyncStorage {
  const orgs = new Map<string, OrgState>();
  let conflictId = 0;
  const org = (orgId: string): OrgState => {
    let state = orgs.get(orgId);
    if (!state) {
      state = { revision: 0, records: new Map(), log: new Map(), mutations: new Map(), conflicts: [] };
      orgs.set(orgId, state);
    }
    return state;
  };
  let tail: Promise<unknown> = Promise.resolve();
  const locked = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };

  const revisions = new RevisionFeed();
  return {
    engine: 'memory',
    ...memoryAuthStores((orgId) =>
      [...org(orgId).records.values()].filter((r) => r.collection === 'users' && !r.deleted),
    ),
    readCollection: (orgId, collection) =>
      locked(() =>
        Promise.resolve(
          structuredClone(
            [...org(orgId).records.values()].filter((r) => r.collection === collection && !r.deleted),
          ),
        ),
      ),
    readRecords: (orgId, keys) =>
      locked(() => {
        const state = org(orgId);
        const found = keys.flatMap((k) => {
          const r = state.records.get(keyOf(k.collection, k.id));
          return r && !r.deleted ? [r] : [];
        });
        return Promise.resolve(structuredClone(found));
      }),
    ping: () => Promise.resolve(),
    transaction: (orgId, fn) =>
      locked(async () => {
        const state = org(orgId);
        const saved = structuredClone(state);
        const tx: SyncTransaction = {
          revision: () => Promise.resolve(state.revision),
          setRevision: (revision) => {
            state.revision = revision;
            return Promise.resolve();
          },
          getRecord: (collection, id) =>
            Promise.resolve(structuredClone(state.records.get(keyOf(collection, id)) ?? null)),
          getRecordAt: (collection, id, revision) => {
            const entries = state.log.get(keyOf(collection, id)) ?? [];
            const at = entries.filter((e) => e.rev <= revision).at(-1);
            return Promise.resolve(at && !at.record.deleted ? structuredClone(at.record.data) : null);
          },
          listRecords: () => Promise.resolve(structuredClone([...state.records.values()])),
          putRecord: (record) => {
            const key = keyOf(record.collection, record.id);
            state.records.set(key, structuredClone(record));
            const entries = (state.log.get(key) ?? []).filter((e) => e.rev !== record.rev);
            entries.push({ rev: record.rev, record: structuredClone(record) });
            state.log.set(key, entries);
            return Promise.resolve();
          },
          listOwned: (collection, owner) =>
            Promise.resolve(
              structuredClone(
                [...state.records.values()]
                  .filter(
                    (r) => r.collection === collection && !r.deleted && ownerOf(collection, r.data) === owner,
                  )
                  .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
              ),
            ),
          storedBytes: (collection) =>
            Promise.resolve(
              [...state.records.values()]
                .filter((r) => r.collection === collection && !r.deleted)
                .reduce((sum, r) => sum + utf8Bytes(JSON.stringify(r.data)), 0),
            ),
          getMutation: (id) => Promise.resolve(state.mutations.get(id) ?? null),
          saveMutation: (m) => {
            state.mutations.set(m.mutationId, m);
            return Promise.resolve();
          },
          addConflict: (c) => {
            conflictId += 1;
            state.conflicts.push({ ...c, id: conflictId });
            return Promise.resolve();
          },
        };
        try {
          const result = await fn(tx);
          if (state.revision !== saved.revision) revisions.publish(orgId, state.revision);
          return result;
        } catch (error) {
          orgs.set(orgId, saved);
          throw error;
        }
      }),
    readAll: (orgId) =>
      locked(() => {
        const state = org(orgId);
        const records = [...state.records.values()].filter((r) => !r.deleted);
        return Promise.resolve({ revision: state.revision, records: structuredClone(records) });
      }),
    readScoped: (orgId, scope) =>
      locked(() => {
        const state = org(orgId);
        const records = [...state.records.values()].filter((r) => {
          const wanted = scope[r.collection];
          if (r.deleted || wanted === 'none') return false;
          return wanted === 'all' || ownerOf(r.collection, r.data) === wanted.owner;
        });
        return Promise.resolve({ revision: state.revision, records: structuredClone(records) });
      }),
    readRevision: (orgId) => locked(() => Promise.resolve(org(orgId).revision)),
    readChanges: (orgId, after, limit, maxBytes) =>
      locked(() => {
        const state = org(orgId);
        const page = [...state.records.values()]
          .filter((r) => compareChange(r, after) > 0)
          .sort((a, b) => compareChange(a, b))
          .slice(0, limit);
        const count =
          maxBytes === undefined
            ? page.length
            : rowsWithin(
                page.map((r) => utf8Bytes(JSON.stringify(r.data))),
                maxBytes,
              );
        return Promise.resolve({
          revision: state.revision,
          records: structuredClone(page.slice(0, count)),
          cut: count < page.length,
        });
      }),
    readPage: (orgId, collection, request) =>
      locked(() => {
        const page = [...org(orgId).records.values()]
          .filter(
            (r) =>
              r.collection === collection &&
              !r.deleted &&
              r.id > request.afterId &&
              (request.owner === undefined || ownerOf(collection, r.data) === request.owner),
          )
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .slice(0, request.limit);
        const count = rowsWithin(
          page.map((r) => utf8Bytes(JSON.stringify(r.data))),
          request.maxBytes,
        );
        return Promise.resolve(structuredClone(page.slice(0, count)));
      }),
    readConflicts: (orgId, afterId, limit) =>
      locked(() =>
        Promise.resolve(
          org(orgId)
            .conflicts.filter((c) => c.id > afterId)
            .slice(0, limit),
        ),
      ),
    onRevision: (listener) => revisions.subscribe(listener),
    close: () => Promise.resolve(),
  };
}
