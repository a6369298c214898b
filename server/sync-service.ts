import { randomUUID } from 'node:crypto';
import {
  COLLECTION_NAMES,
  COLLECTION_SCHEMAS,
  emptyStore,
  type CollectionName,
  type StoreV1,
} from '../src/domain/store/schema';
import { SECRET_USER_FIELDS } from '../src/domain/access/rules';
import { diffStore, type RecordsByCollection } from '../src/domain/sync/diff';
import {
  applyMutation,
  clampCreatedAt,
  needsBase,
  type RecordData,
  type ServerRecord,
} from '../src/domain/sync/merge';
import {
  encodeCursor,
  type ChangeCursor,
  type ChangeFeedPage,
  type ChangesResponse,
  type Mutation,
  type MutationResult,
  type PushResponse,
  type RemoteRecord,
} from '../src/domain/sync/protocol';
import type { Viewer } from '../src/domain/access/viewer';
import { readScopeOf } from './storage/read-scope';
import type {
  BookkeepingAsk,
  Bookkept,
  SettingEntries,
  SyncStorage,
  SyncTransaction,
} from './storage/sync-storage';
import { toRemote } from './remote-record';
import {
  authorizerFor,
  importedTeacherPassword,
  initialPasswordHashes,
  lookupFor,
  preparerFor,
  projectChanges,
} from './auth/access';
import type { Authenticated } from './auth/sessions';
import {
  budgetDecision,
  budgetSpend,
  oversized,
  RefusedAccounts,
  writeAccountKey,
  type WriteLimitDecision,
} from './auth/write-budget';
import { withContractStorageLimits } from './contract-storage';
import { contactNames, contactsOf } from './auth/device-contacts';
import { batchReads } from './auth/batch-reads';
import { isPinProof } from './auth/kiosk-proof';
import { readChangesPage } from './json-stream';
import { valueHasNul } from './json-depth';
import type { ServerConfig } from './config';

/** The server's side of the sync: batches, whole-store writes and reads, on any SyncStorage. */

export { toRemote };

/** A write as the access rules judge it: the record before and after the merge (null: absent / deleted). */
export interface WriteCheck {
  collection: CollectionName;
  recordId: string;
  before: RecordData | null;
  after: RecordData | null;
}

/** Per-mutation authorisation (the same rules as src/domain/access); absent for the server's own writes. */
export type Authorize = (
  tx: SyncTransaction,
  write: WriteCheck,
) => Promise<{ ok: true } | { ok: false; reason: string }>;

/**
 * Rewrites a mutation before it is merged, from what the server knows and the device cannot be trusted
 * with: the actor of a journal entry (the session), a creation's initial password (the server's hash), a
 * kiosk's PIN cooldown (server time). `current` is the record as stored (null: absent).
 */
export type Prepare = (
  mutation: Mutation,
  current: ServerRecord | null,
  /** The batch's transaction: a stamp may read a stored record (a check log's timetable). */
  tx: SyncTransaction,
) => Mutation | Promise<Mutation>;

/** What a refused creation answers: the device drops the record it made. */
function tombstone(collection: CollectionName, id: string, rev: number): RemoteRecord {
  return { collection, id, rev, deleted: true, data: null };
}

async function applyInTransaction(
  tx: SyncTransaction,
  clientId: string,
  mutations: readonly Mutation[],
  now: Date,
  authorize?: Authorize,
  prepare?: Prepare,
): Promise<PushResponse> {
  const nowIso = now.toISOString();
  const current = await tx.revision();
  const revision = current + 1;
  let changed = false;
  const results: MutationResult[] = [];
  await tx.prefetch?.(mutations);
  for (const mutation of mutations) {
    const { mutationId, collection, recordId } = mutation;
    const seen = await tx.getMutation(mutationId);
    if (seen) {
      // Idempotency: a replayed mutation is acknowledged with the record as it is now, never re-applied.
      const record = await tx.getRecord(collection, recordId);
      results.push({ mutationId, status: 'duplicate', ...(record ? { record: toRemote(record) } : {}) });
      continue;
    }
    const record = await tx.getRecord(collection, recordId);
    // A device clock in the future does not win concurrent edits: dated at the server's receipt at most.
    const received = clampCreatedAt(mutation, nowIso);
    const prepared = prepare
      ? await prepare(received, record && !record.deleted ? record : null, tx)
      : received;
    const base = needsBase(record, prepared)
      ? await tx.getRecordAt(collection, recordId, prepared.baseRevision ?? 0)
      : null;
    const outcome = applyMutation({ current: record, base, mutation: prepared, clientId, revision });
    let result: MutationResult;
    if (outcome.status === 'applied' || outcome.status === 'merged') {
      // A record that would make the whole store invalid is refused here, not discovered by every device later.
      // A NUL character too (U+0000): PostgreSQL stores none, SQLite would keep it (json-depth.ts).
      const valid =
        outcome.record.deleted ||
        (COLLECTION_SCHEMAS[collection].safeParse(outcome.record.data).success &&
          !valueHasNul(outcome.record.data));
      const decision =
        valid && authorize
          ? await authorize(tx, {
              collection,
              recordId,
              before: record && !record.deleted ? record.data : null,
              after: outcome.record.deleted ? null : outcome.record.data,
            })
          : ({ ok: true } as const);
      if (!valid) {
        result = { mutationId, status: 'rejected', reason: 'invalid-record' };
        if (record) result.record = toRemote(record);
      } else if (!decision.ok) {
        // Outside the session's rights: nothing is written, and the device gets the record back as it is.
        result = { mutationId, status: 'rejected', reason: 'forbidden', detail: decision.reason };
        result.record = record ? toRemote(record) : tombstone(collection, recordId, current);
      } else {
        await tx.putRecord(outcome.record, mutationId, nowIso);
        changed = true;
        result = { mutationId, status: outcome.status };
        if (outcome.status === 'merged') result.record = toRemote(outcome.record);
      }
    } else {
      result = { mutationId, status: outcome.status };
      if (outcome.status === 'rejected') result.reason = outcome.reason;
      const latest = await tx.getRecord(collection, recordId);
      if (latest) result.record = toRemote(latest);
    }
    if (
      result.status !== 'rejected' ||
      (result.reason !== 'invalid-record' && result.reason !== 'forbidden')
    ) {
      for (const conflict of outcome.conflicts) {
        await tx.addConflict({ ...conflict, rev: revision, collection, recordId, createdAt: nowIso });
      }
    }
    if (outcome.conflicts.length > 0) result.conflicts = outcome.conflicts.length;
    await tx.saveMutation(
      { mutationId, rev: changed ? revision : current, status: result.status },
      clientId,
      nowIso,
    );
    results.push(result);
  }
  if (changed) await tx.setRevision(revision, nowIso);
  return { revision: changed ? revision : current, results };
}

/** POST /api/mutations: one batch, one transaction. */
export function applyBatch(
  storage: SyncStorage,
  orgId: string,
  clientId: string,
  mutations: readonly Mutation[],
  now: Date,
  authorize?: Authorize,
  prepare?: Prepare,
  /** Settings committed with the batch where the storage can (TransactionHints.settings). */
  settings?: SettingEntries,
): Promise<PushResponse> {
  return storage.transaction(
    orgId,
    (tx) => applyInTransaction(tx, clientId, mutations, now, authorize, prepare),
    { prefetch: mutations, related: batchReads(mutations), ...(settings ? { settings } : {}) },
  );
}

export function assembleStore(records: readonly ServerRecord[]): StoreV1 {
  const store = emptyStore() as unknown as Record<CollectionName, RecordData[]>;
  for (const record of records) if (!record.deleted) store[record.collection].push(record.data);
  for (const name of COLLECTION_NAMES) {
    store[name].sort((a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0));
  }
  return store as unknown as StoreV1;
}

export async function readStore(
  storage: SyncStorage,
  orgId: string,
): Promise<{ revision: number; store: StoreV1 }> {
  const { revision, records } = await storage.readAll(orgId);
  return { revision, store: assembleStore(records) };
}

/**
 * What one viewer's whole-store read (GET /api/store) must filter: the records of the collections it may
 * read, only its own in the "own" collections, selected by the database through indexes (read-scope.ts).
 * The caller projects them as before (projectAll with lookupOfRecords of these records: users, profiles
 * and timetables always come whole), which gives exactly the answer of projecting readAll.
 */
export function readVisibleRecords(
  storage: SyncStorage,
  orgId: string,
  viewer: Viewer,
  only?: ReadonlySet<CollectionName>,
): Promise<{ revision: number; records: ServerRecord[] }> {
  const scope = readScopeOf(viewer);
  if (!only) return storage.readScoped(orgId, scope);
  const narrowed = { ...scope };
  for (const name of COLLECTION_NAMES) if (!only.has(name)) narrowed[name] = 'none';
  return storage.readScoped(orgId, narrowed);
}

export async function readChanges(
  storage: SyncStorage,
  orgId: string,
  after: ChangeCursor,
  limit: number,
): Promise<ChangesResponse> {
  const page = await storage.readChanges(orgId, after, limit);
  const last = page.records.at(-1);
  return {
    revision: page.revision,
    changes: page.records.map(toRemote),
    next:
      page.records.length === limit && last
        ? encodeCursor({ rev: last.rev, collection: last.collection, id: last.id })
        : null,
  };
}

export type WholeStoreResult =
  | { ok: true; revision: number; results: MutationResult[] }
  | { ok: false; reason: 'revision-mismatch' | 'not-empty'; revision: number }
  | { ok: false; reason: 'refused'; revision: number; refused: MutationResult[] };

/** Thrown inside the transaction so that a restore with one refused record writes nothing at all. */
class WholeStoreRefused extends Error {
  constructor(
    readonly revision: number,
    readonly refused: MutationResult[],
  ) {
    super('whole store refused');
  }
}

export interface WholeStoreOptions {
  /** Every record is judged; one refusal refuses the whole store (a restore is all or nothing). */
  authorize?: Authorize;
  /** The first device of a new organisation: refused once anything is stored (checked in the transaction). */
  onlyIfEmpty?: boolean;
}

/**
 * Devices never receive other users' password or PIN hashes, so a whole store written back by one
 * lacks them: an absent secret field means "unchanged", never "erase".
 */

function keepAbsentSecrets(users: RecordData[], before: Map<string, RecordData> | undefined): RecordData[] {
  if (!before) return users;
  return users.map((user) => {
    const previous = before.get(String(user.id));
    if (!previous) return user;
    const filled = { ...user };
    for (const field of SECRET_USER_FIELDS)
      if (!(field in filled) && previous[field] !== undefined) filled[field] = previous[field];
    return filled;
  });
}

/**
 * PUT /api/store: the document is compared with the organisation as it was at the revision the writer names
 * (If-Match) or, without one, as it is now. Only what the writer changed since that revision becomes
 * mutations, applied under the batch rules: a stale writer merges instead of erasing newer edits. A
 * revision the server has not reached yet answers a mismatch.
 */
export function applyWholeStore(
  storage: SyncStorage,
  orgId: string,
  store: StoreV1,
  expected: number | null,
  now: Date,
  options: WholeStoreOptions = {},
): Promise<WholeStoreResult> {
  return storage
    .transaction(orgId, (tx) => applyWholeStoreIn(tx, store, expected, now, options))
    .catch((error: unknown) => {
      if (!(error instanceof WholeStoreRefused)) throw error;
      return { ok: false, reason: 'refused', revision: error.revision, refused: error.refused };
    });
}

async function applyWholeStoreIn(
  tx: SyncTransaction,
  store: StoreV1,
  expected: number | null,
  now: Date,
  options: WholeStoreOptions,
): Promise<WholeStoreResult> {
  const current = await tx.revision();
  if (options.onlyIfEmpty && current > 0) return { ok: false, reason: 'not-empty', revision: current };
  if (expected !== null && expected > current)
    return { ok: false, reason: 'revision-mismatch', revision: current };
  const base = expected ?? current;
  const before: Partial<Record<CollectionName, Map<string, RecordData>>> = {};
  for (const record of await tx.listRecords()) {
    const data =
      record.rev <= base
        ? record.deleted
          ? null
          : record.data
        : await tx.getRecordAt(record.collection, record.id, base);
    if (data === null) continue;
    (before[record.collection] ??= new Map()).set(record.id, data);
  }
  const after: Partial<Record<CollectionName, RecordData[]>> = {};
  for (const name of COLLECTION_NAMES) after[name] = store[name];
  after.users = keepAbsentSecrets(store.users, before.users);
  const createdAt = now.toISOString();
  const batchId = randomUUID();
  const mutations: Mutation[] = diffStore(before as RecordsByCollection, after).map((change, i) => ({
    ...change,
    mutationId: `put-${batchId}-${i}`,
    baseRevision: base,
    createdAt,
  }));
  if (mutations.length === 0) return { ok: true, revision: current, results: [] };
  const response = await applyInTransaction(tx, `put-${batchId}`, mutations, now, options.authorize);
  const refused = response.results.filter((r) => r.status === 'rejected');
  if (options.authorize && refused.length > 0) throw new WholeStoreRefused(current, refused);
  return { ok: true, revision: response.revision, results: response.results };
}

/**
 * One page of the change feed as this session may receive it, bounded by count and bytes (json-stream.ts).
 * Filtered after paging: the cursor still advances over records the session may not see (tombstones always
 * travel).
 */
export async function visibleChanges(
  storage: SyncStorage,
  orgId: string,
  auth: Authenticated,
  after: ChangeCursor,
  limit: number,
): Promise<ChangeFeedPage> {
  const page = await readChangesPage(storage, orgId, after, limit);
  const lookup = await lookupFor(
    storage,
    orgId,
    auth.profiles,
    page.changes.map((c) => ({ collection: c.collection, data: c.data })),
  );
  const changes = projectChanges(
    auth.viewer,
    page.changes.map((c) => ({ ...c, data: c.data ?? {}, stamps: {} })),
    lookup,
  ).map(toRemote);
  return { revision: page.revision, changes, next: page.next };
}

export type PushConfig = Pick<
  ServerConfig,
  'initialPassword' | 'writeBudget' | 'sendServerTime' | 'contractStorage'
>;

export interface PushInput {
  orgId: string;
  auth: Authenticated;
  /** The device's writer id, checked against its owner (device-owners.ts). */
  writerId: string;
  mutations: readonly Mutation[];
  /** Size of the request body: the account's write budget counts bytes too. */
  bodyBytes: number;
  now: Date;
  /**
   * Settings to commit with the batch (the exchange's contacts, device-contacts.ts), when the storage writes
   * them so (storage.settingsWithBatch); the caller writes them otherwise.
   */
  settings?: SettingEntries;
}

/**
 * A device's batch under its session's rights: size caps per record (413) and the account's write budget
 * (429, shared by all its sessions), then the batch, all or nothing (a contract file over its storage limits
 * throws ContractStorageExceeded).
 */
export async function pushBatch(
  storage: SyncStorage,
  config: PushConfig,
  { orgId, auth, writerId, mutations, bodyBytes, now, settings }: PushInput,
): Promise<{ ok: true; answer: PushResponse } | Exclude<WriteLimitDecision, { ok: true }>> {
  // Trusted time: the session's and the device's last contact before this push (device-contacts.ts). Off
  // when answers do not carry the server's time (SEND_SERVER_TIME=0: a suite simulating the browsers' clocks,
  // whose claimed times cannot be compared with the server's).
  const trusted = config.sendServerTime !== false;
  const tooLarge = oversized(mutations);
  if (tooLarge) return tooLarge;
  const accountKey = writeAccountKey(orgId, auth.viewer, auth.session.tokenHash);
  const refusals = refusalsOf(storage);
  const stillRefused = refusals.refusal(accountKey, now.getTime());
  if (stillRefused) return stillRefused;
  const spend = budgetSpend(accountKey, bodyBytes, mutations.length, now, config.writeBudget);
  const ask: BookkeepingAsk = {
    hits: spend.hits,
    read: trusted ? contactNames(orgId, auth.session.tokenHash, writerId) : [],
  };
  // The budget counted and the contacts read in the batch's own transaction where the storage can
  // (PostgreSQL: in its group's first statement, issue 31), else here, before it (two round trips at once).
  const early = storage.bookkeepingWithBatch ? undefined : await bookkeep(storage, ask);
  if (early) {
    const limit = budgetDecision(spend, early.counts);
    if (!limit.ok) return refuse(refusals, accountKey, limit, now);
  }
  const initialHashes = mutations.some((m) => m.collection === 'users')
    ? await initialPasswordHashes(config.initialPassword, importedTeacherPassword())
    : undefined;
  // The checks of the batch under the session's rights, knowing its device's last contacts (built before
  // the transaction when they are known then: no more work in the organisation's serialised writer).
  const checks = (values: readonly (string | null)[]) => {
    const contacts = trusted ? contactsOf(values, auth.session) : undefined;
    return {
      authorize: withContractStorageLimits(
        authorizerFor(auth.viewer, auth.profiles, {
          now,
          ...(initialHashes
            ? { initialPasswordHashes: new Set([initialHashes.initial, initialHashes.imported]) }
            : {}),
          ...(contacts ? { contacts } : {}),
        }),
        config.contractStorage,
      ),
      prepare: preparerFor(auth.viewer, auth.user, {
        now,
        ...(contacts ? { contacts } : { trustedTime: false }),
        ...(initialHashes ? { initialHashes } : {}),
        // A kiosk's check log counts as PIN-verified only with the server's proof for its teacher.
        kioskProof: (log) =>
          isPinProof(
            storage,
            log.pinProof,
            {
              orgId,
              kioskTokenHash: auth.session.tokenHash,
              userId: typeof log.actorUserId === 'string' ? log.actorUserId : '',
            },
            now,
          ),
      }),
    };
  };
  const known = early ? checks(early.values) : undefined;
  let refused = false;
  const answer = await storage.transaction<PushResponse | Exclude<WriteLimitDecision, { ok: true }>>(
    orgId,
    async (tx) => {
      let run = known;
      if (!run) {
        if (!tx.bookkept) throw new Error('bookkeeping not answered by the storage');
        const limit = budgetDecision(spend, tx.bookkept.counts);
        // Refused: nothing of the batch is written, nor its contacts (settings below).
        if (!limit.ok) {
          refused = true;
          return refuse(refusals, accountKey, limit, now);
        }
        run = checks(tx.bookkept.values);
      }
      return applyInTransaction(tx, writerId, mutations, now, run.authorize, run.prepare);
    },
    {
      prefetch: mutations,
      related: batchReads(mutations),
      ...(early ? {} : { bookkeeping: ask }),
      ...(settings ? { settings: () => (refused ? [] : settings) } : {}),
    },
  );
  return 'ok' in answer ? answer : { ok: true, answer };
}

/** Per storage (one per server), the accounts it saw refused (write-budget.ts RefusedAccounts). */
const refusedAccounts = new WeakMap<SyncStorage, RefusedAccounts>();

function refusalsOf(storage: SyncStorage): RefusedAccounts {
  let refusals = refusedAccounts.get(storage);
  if (!refusals) {
    refusals = new RefusedAccounts();
    refusedAccounts.set(storage, refusals);
  }
  return refusals;
}

/** A refusal of the budget, remembered (and answered at once) until its window ends. */
function refuse(
  refusals: RefusedAccounts,
  accountKey: string,
  decision: Exclude<WriteLimitDecision, { ok: true }>,
  now: Date,
): Exclude<WriteLimitDecision, { ok: true }> {
  if (decision.status === 429) refusals.remember(accountKey, decision, now.getTime());
  return decision;
}

/** Counts a push's budget and reads its contacts before its transaction (storages without bookkeepingWithBatch). */
async function bookkeep(storage: SyncStorage, ask: BookkeepingAsk): Promise<Bookkept> {
  const [counts, values] = await Promise.all([
    storage.rateLimits.hitEach(ask.hits),
    ask.read.length === 0 ? [] : storage.settings.getMany(ask.read),
  ]);
  return { counts, values };
}
