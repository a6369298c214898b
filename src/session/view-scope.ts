import type { AppDatabase } from '../db/database';
import { getKioskListsAdmins } from '../db/kiosk-options';
import { getMeta } from '../db/meta';
import { profileModuleIds } from '../domain/access/viewer';
import { expectedServerUser } from './authors';

/**
 * Who the server session acts for when the device loads the store: a person (their password session), or
 * the kiosk credential (a kiosk's PIN sessions, or nobody signed in).
 */
export type ScopeViewer = { kind: 'user'; userId: string } | { kind: 'kiosk' };

/**
 * What decides which records, and which fields, the server sends a viewer (src/domain/access/read.ts),
 * besides each record's own fields: who (organisation and person, or the kiosk) and their rights (the
 * modules of the person's profile; for a kiosk, which profiles hold teacher.today, since PIN mode receives
 * their holders). Two loads with the same scope receive the same records for the same server state.
 */
export interface ViewScope {
  who: string;
  rights: string;
}

/** The viewer the device's own session implies (the server session matches it once reconciled). */
export async function deviceViewer(db: AppDatabase): Promise<ScopeViewer> {
  const userId = await expectedServerUser(db);
  return userId ? { kind: 'user', userId } : { kind: 'kiosk' };
}

/** The viewer's scope as the device's tables describe it (profiles are shared, a person's own record whole). */
export async function viewScope(db: AppDatabase, viewer: ScopeViewer): Promise<ViewScope> {
  const orgId = await getMeta(db, 'orgId');
  const profiles = await db.profiles.toArray();
  if (viewer.kind === 'user') {
    const user = await db.users.get(viewer.userId);
    const granted = [...profileModuleIds(profiles, user?.profileId)].sort();
    return { who: JSON.stringify(['user', orgId, viewer.userId]), rights: JSON.stringify(granted) };
  }
  const pinProfiles = profiles
    .filter((p) => p.moduleIds.includes('teacher.today'))
    .map((p) => p.id)
    .sort();
  // The roster setting decides whose PIN hashes the kiosk receives: a change reloads the store.
  const listsAdmins = await getKioskListsAdmins(db);
  return { who: JSON.stringify(['kiosk', orgId]), rights: JSON.stringify([...pinProfiles, { listsAdmins }]) };
}
