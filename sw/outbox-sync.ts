import { openDatabase } from '../src/db/database';
import { getMeta } from '../src/db/meta';
import { authorFilterFor, sessionUsable, type AuthorFilter } from '../src/session/authors';
import { sendOutbox, withOutboxLock, type FetchLike } from '../src/sync/outbox-push';
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

const workerFetch = (input: string, init?: RequestInit) =>
  fetch(input, { ...init, credentials: 'same-origin', cache: 'no-store' });

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
    // Under the session checked above only: someone signing in in another tab meanwhile gets a 409, not
    // this person's changes (applied as theirs, or refused as forbidden and so dropped from the outbox).
    // The engine's own batch loop (answers read with the protocol's zod schema), without the pull.
    const outcome = await withOutboxLock(() =>
      sendOutbox(db, fetchImpl, { batchSize: SW_BATCH_SIZE, canSend, expectedUserId: session.userId }),
    );
    return outcome === 'session-changed' ? 'unauthorised' : outcome;
  } finally {
    db.close();
  }
}
