import type { AppDatabase } from '../db/database';
import { getMeta } from '../db/meta';
import type { FetchLike } from '../api/http';
import { authorFilterFor, sessionUsable, type AuthorFilter } from './authors';
import { completeDeferredSignIn } from './deferred-sign-in';
import { reconcileServerSession } from './reconcile';

/** The session module's answer before an exchange: may the engine exchange, and whose changes travel. */
export type SessionAccess =
  { status: 'offline' } | { status: 'unauthorised' } | { status: 'usable'; canSend: AuthorFilter };

/** Asked by the sync engine before each exchange: the engine only pushes, pulls and schedules; this decides who. */
export type SessionGate = (db: AppDatabase, fetchImpl: FetchLike) => Promise<SessionAccess>;

/**
 * What the sync engine asks before each exchange (its SessionGate): the server's session for this browser,
 * reconciled with who is signed in on the device, an offline sign-in completed with the server once it
 * answers, and which outbox changes that session may carry (their author's own session only).
 */
export async function checkServerSession(db: AppDatabase, fetchImpl: FetchLike): Promise<SessionAccess> {
  let session = await reconcileServerSession(db, fetchImpl);
  if (session.status === 'offline') return { status: 'offline' };
  // Signed in offline, now online: the device completes that sign-in with the server (deferred-sign-in.ts).
  if (session.status !== 'signed-in' && (await completeDeferredSignIn(db, fetchImpl)) === 'signed-in')
    session = await reconcileServerSession(db, fetchImpl);
  if (session.status === 'offline') return { status: 'offline' };
  if (session.status === 'none') return { status: 'unauthorised' };
  const signedInHere = await getMeta(db, 'currentUserId');
  const passwordMode = (await getMeta(db, 'currentLoginMode')) === 'password';
  // Without a session, or with one that is not this person's (they signed in offline), nothing travels: the
  // changes wait for this person's online sign-in, and nobody else's view is pulled into their session.
  if (!sessionUsable(session, signedInHere, passwordMode)) return { status: 'unauthorised' };
  return { status: 'usable', canSend: authorFilterFor(session) };
}
