import type { AppDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import type { FetchLike } from '../api/http';
import { serverSignOut } from '../api/auth';
import { fetchServerSession, type ServerSession } from '../api/session';
import { loadStoreFor } from './store-loader';

/**
 * The server's idea of who uses this browser against the device's. A person's server session that
 * nobody holds here any more (signed out while offline, or another person signed in offline since) is ended:
 * a shared tablet must not keep pushing and pulling under an administrator who left. On a kiosk the kiosk
 * view of the store then replaces what that person's session had loaded.
 */
export async function reconcileServerSession(db: AppDatabase, fetchImpl: FetchLike): Promise<ServerSession> {
  const session = await fetchServerSession(fetchImpl);
  if (session.status === 'offline') return session;
  const kioskName = session.status === 'none' ? null : (session.kiosk?.name ?? null);
  if ((await getMeta(db, 'kioskName')) !== kioskName) await setMeta(db, 'kioskName', kioskName);
  if (session.status !== 'signed-in') return session;
  const localUser = await getMeta(db, 'currentUserId');
  const passwordMode = (await getMeta(db, 'currentLoginMode')) === 'password';
  if (passwordMode && localUser === session.userId) return session;
  await serverSignOut(fetchImpl);
  const after = await fetchServerSession(fetchImpl);
  if (after.status === 'kiosk-only') {
    await setMeta(db, 'offlineHashes', {});
    await loadStoreFor(db, fetchImpl, { kind: 'kiosk' });
  }
  return after;
}
