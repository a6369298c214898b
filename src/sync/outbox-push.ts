import type { FetchLike } from '../api/http';
import type { AppDatabase, OutboxMutation } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import {
  PROTOCOL_VERSION,
  pushResponseSchema,
  serverNoticeSchema,
  type Mutation,
  type PushRequest,
  type PushResponse,
  type RemoteRecord,
} from '../domain/sync/protocol';
import { applyRemoteRecords } from './apply-remote';
import type { AuthorFilter } from '../session/authors';

/**
 * Pushing the outbox, shared by the sync engine (the page) and the service worker (Background Sync, with no
 * page open): one batch loop, one reading of the server's answers, validated with the protocol's zod schema
 * by both. Nothing here imports React or the DOM.
 */

export type { FetchLike };

export type ExchangeResult = 'ok' | 'nothing' | 'failed' | 'unauthorised';

export async function deviceIdOf(db: AppDatabase): Promise<string> {
  const existing = await getMeta(db, 'deviceId');
  if (existing) return existing;
  const id = globalThis.crypto.randomUUID();
  await setMeta(db, 'deviceId', id);
  return id;
}

export async function orgQuery(db: AppDatabase): Promise<string> {
  return `orgId=${encodeURIComponent(await getMeta(db, 'orgId'))}`;
}

/** What travels: the wire fields only (the outbox sequence number stays local). */
export function toWire(m: OutboxMutation): Mutation {
  const wire: Mutation = {
    mutationId: m.mutationId,
    collection: m.collection,
    recordId: m.recordId,
    op: m.op,
    changedFields: m.changedFields.filter((f) => f !== 'id'),
    baseRevision: m.baseRevision,
    createdAt: m.createdAt,
  };
  if (m.op === 'put') {
    const values = { ...(m.values ?? {}) };
    delete values.id;
    wire.values = values;
    if (m.baseValues) wire.baseValues = m.baseValues;
  }
  return wire;
}

/** The Web Locks name both pushers hold: the page's engine and the service worker never push at once. */
export const OUTBOX_LOCK = 'emargement-outbox-push';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * Runs `push` while holding the outbox lock (navigator.locks, shared by windows and the service worker of
 * one origin). Inside it, a pusher reads the outbox and removes what the server acknowledged before the next
 * one reads it: a mutation is never sent by both. Without Web Locks (old browsers, tests) it runs as is; the
 * server's mutation ids still make a replay harmless.
 */
export function withOutboxLock<T>(push: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks ? locks.request(OUTBOX_LOCK, push) : push();
}

/**
 * The next batch of the outbox after `afterSeq` that `canSend` lets through, oldest first. A batch never ends
 * between a change and the journal entries written right after it (every writer puts the user's change, then
 * its entry, in one transaction): the server accepts an entry only about a change of the same batch.
 */
export async function nextBatch(
  db: AppDatabase,
  afterSeq: number,
  canSend: AuthorFilter,
  batchSize: number,
): Promise<OutboxMutation[]> {
  const batch = await db.outbox
    .where('seq')
    .above(afterSeq)
    .filter((m) => canSend(m.author))
    .limit(batchSize)
    .toArray();
  if (batch.length < batchSize) return batch;
  for (;;) {
    const last = batch.at(-1)?.seq ?? afterSeq;
    const next = await db.outbox
      .where('seq')
      .above(last)
      .filter((m) => canSend(m.author))
      .first();
    if (!next || next.collection !== 'userLogs') return batch;
    batch.push(next);
  }
}

/**
 * A 413 answer (a change over the server's size limits or its teacher's storage limits) or a 507 (the
 * organisation's storage quota is full): the server names the one change it refused, nothing of the batch
 * applied.
 */
export const refusesOneChange = (status: number): boolean => status === 413 || status === 507;

/**
 * The change a 413/507 answer names would block every later one behind it forever, so it is dropped like
 * a refused change (counted and shown) and the rest of the outbox goes on. false when the answer names no
 * change of the batch (then nothing is dropped).
 */
export async function dropOversized(
  db: AppDatabase,
  response: Response,
  batch: readonly OutboxMutation[],
): Promise<boolean> {
  const tooLarge = await oversizedMutation(response, batch);
  if (tooLarge === null) return false;
  await db.outbox.delete(tooLarge);
  await setMeta(db, 'refusedChanges', (await getMeta(db, 'refusedChanges')) + 1);
  return true;
}

/**
 * What the server's answer to a batch changes here: the batch leaves the outbox, changes refused as outside
 * their author's rights are counted, and the records the server answered back (merged, refused, duplicate)
 * are written with the remaining pending edits of the authors `shown` lets through on top.
 */
export async function settleBatch(
  db: AppDatabase,
  batch: readonly OutboxMutation[],
  answer: Pick<PushResponse, 'results'>,
  shown?: AuthorFilter,
): Promise<void> {
  const returned: RemoteRecord[] = [];
  let refused = 0;
  for (const result of answer.results) {
    if (result.record) returned.push(result.record);
    if (result.status === 'rejected' && result.reason === 'forbidden') refused += 1;
  }
  // Shown to the user (sync status): a change outside their rights was undone, not silently lost.
  if (refused > 0) await setMeta(db, 'refusedChanges', (await getMeta(db, 'refusedChanges')) + refused);
  const seqs = batch.map((m) => m.seq).filter((s): s is number => s !== undefined);
  await db.transaction('rw', [db.outbox], async () => {
    await db.outbox.bulkDelete(seqs);
  });
  // Applied after the batch left the outbox: only later edits are re-applied over the server's answer.
  await applyRemoteRecords(db, returned, shown ? { shown } : {});
}

/** How one exchange ended; 'session-changed': the server session acts for someone else (nothing applied). */
export type ExchangeOutcome = ExchangeResult | 'session-changed';

/** What the server's answer to one batch means for the loop that sent it. */
export type BatchAnswer =
  | { status: 'answered'; answer: PushResponse }
  /** A 413/507 named one change of the batch: it left the outbox, the rest is sent again. */
  | { status: 'dropped' }
  | { status: 'failed' | 'unauthorised' | 'session-changed' };

/**
 * One POST /api/mutations, and every way its answer can end (the one place that reads them):
 * 401 the session is gone, 409 it acts for someone else, 413/507 one change refused (dropped here), 503 the
 * server's storage fails and 426 this app is too old for the server (both with a French message the sync
 * status shows until an answer succeeds; the engine retries later), anything else unreadable: failed.
 */
export async function sendBatch(
  db: AppDatabase,
  fetchImpl: FetchLike,
  request: Omit<PushRequest, 'protocol'>,
  batch: readonly OutboxMutation[],
): Promise<BatchAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/mutations?${await orgQuery(db)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ protocol: PROTOCOL_VERSION, ...request }),
    });
  } catch {
    return { status: 'failed' };
  }
  if (response.status === 401) return { status: 'unauthorised' };
  if (response.status === 409) return { status: 'session-changed' };
  if (refusesOneChange(response.status))
    return (await dropOversized(db, response, batch)) ? { status: 'dropped' } : { status: 'failed' };
  if (!response.ok) {
    await noteServerNotice(db, response);
    return { status: 'failed' };
  }
  const parsed = pushResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return { status: 'failed' };
  if ((await getMeta(db, 'serverNotice')) !== null) await setMeta(db, 'serverNotice', null);
  return { status: 'answered', answer: parsed.data };
}

/** The French message of a 503 or 426 answer, kept for the sync status (an answer without one keeps none). */
async function noteServerNotice(db: AppDatabase, response: Response): Promise<void> {
  if (response.status !== 503 && response.status !== 426) return;
  const notice = serverNoticeSchema.safeParse(await response.json().catch(() => null));
  await setMeta(db, 'serverNotice', notice.success ? notice.data.message : null);
}

export interface SendOutboxOptions {
  batchSize: number;
  /** Which outbox mutations travel (by their author). */
  canSend: AuthorFilter;
  /**
   * The session the caller checked (a person's id, null for the kiosk credential): the server then refuses
   * a batch with 409, applying nothing, if its session acts for someone else by now (a sign-in in another
   * tab), instead of taking one person's changes under another's session. undefined: no check.
   */
  expectedUserId?: string | null;
  /**
   * The whole exchange (the engine): each request also carries the revision the tables are caught up to, at
   * least one request is sent, and `afterAnswer` writes the changes the answer brought. Without it (the
   * service worker), only the outbox is pushed.
   */
  pull?: {
    pageSize: number;
    afterAnswer: (answer: PushResponse, since: number) => Promise<ExchangeResult>;
  };
}

/**
 * The batch loop of both pushers (the page's engine and the service worker): the outbox in batches, each
 * leaving it only once the server has answered for it; records the server answers back (merged, refused,
 * duplicate) are written with the remaining pending edits on top.
 */
export async function sendOutbox(
  db: AppDatabase,
  fetchImpl: FetchLike,
  options: SendOutboxOptions,
): Promise<ExchangeOutcome> {
  const { batchSize, canSend, expectedUserId, pull } = options;
  const clientId = await deviceIdOf(db);
  let afterSeq = -1;
  // Without a pull there is nothing to ask for once the outbox is empty.
  let caughtUp = !pull;
  let changed = false;
  for (;;) {
    const batch = await nextBatch(db, afterSeq, canSend, batchSize);
    if (batch.length === 0 && caughtUp) return changed ? 'ok' : 'nothing';
    afterSeq = batch.at(-1)?.seq ?? afterSeq;
    const since = pull ? ((await getMeta(db, 'revision')) ?? 0) : undefined;
    const sent = await sendBatch(
      db,
      fetchImpl,
      {
        clientId,
        mutations: batch.map(toWire),
        ...(pull ? { since, limit: pull.pageSize } : {}),
        ...(expectedUserId === undefined ? {} : { expectedUserId }),
      },
      batch,
    );
    if (sent.status === 'dropped') {
      afterSeq = -1;
      continue;
    }
    if (sent.status !== 'answered') return sent.status;
    if (batch.length > 0) {
      await settleBatch(db, batch, sent.answer);
      changed = true;
    }
    if (pull) {
      const pulled = await pull.afterAnswer(sent.answer, since ?? 0);
      if (pulled === 'failed' || pulled === 'unauthorised') return pulled;
      if (pulled === 'ok') changed = true;
      caughtUp = true;
    }
  }
}

/** The outbox sequence of the change a 413 answer names (null: the answer names none of this batch). */
async function oversizedMutation(
  response: Response,
  batch: readonly { seq?: number; mutationId: string }[],
): Promise<number | null> {
  const body: unknown = await response.json().catch(() => null);
  const named =
    typeof body === 'object' && body !== null && 'mutationId' in body && typeof body.mutationId === 'string'
      ? body.mutationId
      : null;
  return batch.find((m) => m.mutationId === named)?.seq ?? null;
}
