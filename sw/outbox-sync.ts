import { openDatabase } from '../src/db/database';
import { getMeta } from '../src/db/meta';
import { COLLECTION_NAMES } from '../src/domain/store/collections';
import type { PushResponse } from '../src/domain/sync/protocol';
import { authorFilterFor, sessionUsable, type AuthorFilter } from '../src/session/authors';
import { pushOutboxWith, withOutboxLock, type FetchLike } from '../src/sync/outbox-push';
import { fetchServerSession } from '../src/api/session';

/**
 * Background Sync push (spec: the service worker queues pushes): the worker itself sends the outbox from
 * IndexedDB, with the device's session cookie (same origin), whether or not a window is open. It follows the
 * engine's rules: only under the session of the person signed in on the device (or the kiosk's), only the
 * mutations that session may carry (their author), and under the outbox lock so the page's engine never
 * sends the same batch meanwhile. Acknowledged mutations leave the outbox; the server's mutation ids make a
 * retry after a lost answer harmless.
 */

/** Smaller than the engine's batches: a sync event has a few minutes at most. */
export const SW_BATCH_SIZE = 100;

export type WorkerPushResult = 'ok' | 'nothing' | 'failed' | 'unauthorised' | 'offline';

const COLLECTIONS = new Set<string>(COLLECTION_NAMES);
const STATUSES = new Set(['applied', 'merged', 'unchanged', 'rejected', 'duplicate']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer of POST /api/mutations, checked without zod (its records are written to IndexedDB). */
export function parsePushResponse(body: unknown): PushResponse | null {
  if (!isObject(body) || typeof body.revision !== 'number' || !Array.isArray(body.results)) return null;
  for (const result of body.results as unknown[]) {
    if (!isObject(result) || typeof result.mutationId !== 'string') return null;
    if (typeof result.status !== 'string' || !STATUSES.has(result.status)) return null;
    const record = result.record;
    if (record === undefined) continue;
    if (
      !isObject(record) ||
      typeof record.collection !== 'string' ||
      !COLLECTIONS.has(record.collection) ||
      typeof record.id !== 'string' ||
      typeof record.rev !== 'number' ||
      typeof record.deleted !== 'boolean' ||
      !(record.data === null || isObject(record.data))
    )
      return null;
  }
  return body as unknown as PushResponse;
}

const workerFetch = (input: string, init?: RequestInit) =>
  fetch(input, { ...init, credentials: 'same-origin', cache: 'no-store' });

/**
 * The pushes of one sync event under the session the worker checked, as the engine's (expectedUserId: the
 * person, null for the kiosk credential). Someone signing in in another tab between that check and a batch
 * would otherwise receive this person's changes under their own session (applied as theirs, or refused as
 * forbidden and so dropped from the outbox); the server answers 409 instead, with nothing applied.
 */
function underSession(fetchImpl: FetchLike, expectedUserId: string | null) {
  const pushes = { sessionChanged: false };
  const fetchUnder: FetchLike = async (input, init) => {
    const sent =
      init?.method === 'POST' && input.startsWith('/api/mutations') && typeof init.body === 'string'
        ? init.body
        : null;
    if (sent === null) return fetchImpl(input, init);
    const body = JSON.stringify({ ...(JSON.parse(sent) as object), expectedUserId });
    const response = await fetchImpl(input, { ...init, body });
    if (response.status === 409) pushes.sessionChanged = true;
    return response;
  };
  return { fetchUnder, pushes };
}

/** One push of the outbox from the service worker. */
export async function pushOutboxFromWorker(fetchImpl: FetchLike = workerFetch): Promise<WorkerPushResult> {
  const db = openDatabase();
  try {
    if ((await db.outbox.count()) === 0) return 'nothing';
    const session = await fetchServerSession(fetchImpl);
    if (session.status === 'offline') return 'offline';
    const signedInHere = await getMeta(db, 'currentUserId');
    const passwordMode = (await getMeta(db, 'currentLoginMode')) === 'password';
    if (session.status === 'none' || !sessionUsable(session, signedInHere, passwordMode))
      return 'unauthorised';
    const canSend: AuthorFilter = authorFilterFor(session);
    const { fetchUnder, pushes } = underSession(fetchImpl, session.userId);
    const result = await withOutboxLock(() =>
      pushOutboxWith(db, fetchUnder, SW_BATCH_SIZE, canSend, parsePushResponse),
    );
    // Another person's session now: the changes wait for their author's (no point retrying at once).
    return result === 'failed' && pushes.sessionChanged ? 'unauthorised' : result;
  } finally {
    db.close();
  }
}
