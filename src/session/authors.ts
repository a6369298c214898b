import type { AppDatabase } from '../db/database';
import { getMeta } from '../db/meta';

/** Which outbox mutations a session may carry, or the device may show (OutboxMutation.author). */
export type AuthorFilter = (author: string | null | undefined) => boolean;

export const ANY_AUTHOR: AuthorFilter = () => true;

/** Mutations by nobody (before any sign-in) travel with any session; the others only with their author's. */
export function authorFilterFor(session: { userId: string | null; kiosk: unknown }): AuthorFilter {
  if (session.userId) return (author) => author == null || author === session.userId;
  if (session.kiosk) return (author) => author == null || author === 'kiosk';
  return (author) => author == null;
}

/**
 * The person the server session must act for, as this device sees it: the person signed in here with their
 * password; null for a PIN session or nobody (the kiosk credential carries those).
 */
export async function expectedServerUser(db: AppDatabase): Promise<string | null> {
  const userId = await getMeta(db, 'currentUserId');
  return userId && (await getMeta(db, 'currentLoginMode')) === 'password' ? userId : null;
}

/**
 * The authors whose unsent changes the device's current user may send, hence see over the server's records:
 * the same filter as authorFilterFor for the session the device expects (the person signed in with their
 * password, else the kiosk credential). Another person's unsent changes on a shared device stay in the
 * outbox for that person's session, out of sight.
 */
export async function deviceAuthorFilter(db: AppDatabase): Promise<AuthorFilter> {
  const userId = await expectedServerUser(db);
  const kiosk = (await getMeta(db, 'kioskName')) !== null || (await getMeta(db, 'currentUserId')) !== null;
  return authorFilterFor({ userId, kiosk });
}

/**
 * Whether the server session of this browser may push and pull for the person signed in on the device. Without
 * a session, or with one that is not this person's (they signed in offline), nothing travels: the changes wait
 * for this person's online sign-in, and nobody else's view is pulled into their session.
 */
export function sessionUsable(
  session: { status: 'signed-in' | 'kiosk-only' | 'none' | 'offline'; userId?: string | null },
  signedInHere: string | null | undefined,
  passwordMode: boolean,
): boolean {
  if (session.status === 'signed-in') return passwordMode && signedInHere === session.userId;
  return session.status === 'kiosk-only' && !(signedInHere && passwordMode);
}
