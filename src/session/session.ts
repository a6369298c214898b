import type { AppDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import type { LoginMode, Profile, User } from '../domain/store/schema';
import { needsTeachingEvidence, ownScreenModules, teaches } from '../domain/teacher/teacher-space';
import { forgetRemoteStoreLoaded } from './session-events';
import { keepOnlyWhatTheDeviceNeeds } from './device-purge';

/**
 * The signed-in user is device-local state (meta table). "Se souvenir de moi" unchecked: the session ends
 * with the browser session, which we detect with a sessionStorage marker that browsers drop on close.
 */
const EPHEMERAL_KEY = 'session-ephemeral';
const ALIVE_KEY = 'session-alive';

export async function startSession(
  db: AppDatabase,
  userId: string,
  mode: LoginMode,
  remember: boolean,
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await setMeta(db, 'currentUserId', userId);
    await setMeta(db, 'currentLoginMode', mode);
    // A password session brings its person's view: the device holds more than its next user may see.
    if (mode === 'password') await setMeta(db, 'retainedForNextUser', false);
  });
  if (remember) window.localStorage.removeItem(EPHEMERAL_KEY);
  else window.localStorage.setItem(EPHEMERAL_KEY, '1');
  window.sessionStorage.setItem(ALIVE_KEY, '1');
}

/**
 * Nobody is signed in on this device any more. A person who signed in with their password leaves behind only
 * what the device's next user may see (device-purge.ts); a PIN session on a kiosk leaves the kiosk as it is.
 */
export async function endSession(db: AppDatabase): Promise<void> {
  const hadPerson = (await getMeta(db, 'currentUserId')) !== null;
  const wasPassword = (await getMeta(db, 'currentLoginMode')) === 'password';
  await db.transaction('rw', db.meta, async () => {
    await setMeta(db, 'currentUserId', null);
    await setMeta(db, 'currentLoginMode', 'password');
  });
  window.localStorage.removeItem(EPHEMERAL_KEY);
  if (hadPerson && wasPassword) {
    await keepOnlyWhatTheDeviceNeeds(db);
    // The next session in this tab loads its own view again (spec part 1 point 4: first load per session).
    forgetRemoteStoreLoaded();
  }
}

/** On start: a session that was not to be remembered does not survive a closed browser. */
export async function expireEphemeralSession(db: AppDatabase): Promise<void> {
  const isEphemeral = window.localStorage.getItem(EPHEMERAL_KEY) === '1';
  if (isEphemeral && window.sessionStorage.getItem(ALIVE_KEY) === null) await endSession(db);
  else if (await getMeta(db, 'currentUserId')) window.sessionStorage.setItem(ALIVE_KEY, '1');
}

export interface SessionInfo {
  user: User;
  profile: Profile | undefined;
  granted: ReadonlySet<string>;
  loginMode: LoginMode;
}

/** The current session, or null when nobody (or an archived/inactive user) is signed in. */
export async function readSession(db: AppDatabase): Promise<SessionInfo | null> {
  const userId = await getMeta(db, 'currentUserId');
  if (!userId) return null;
  const user = await db.users.get(userId);
  if (!user || user.status !== 'Active') return null;
  const profile = user.profileId ? await db.profiles.get(user.profileId) : undefined;
  const profileModules = new Set(profile?.moduleIds ?? []);
  const loginMode = await getMeta(db, 'currentLoginMode');
  const isTeaching = needsTeachingEvidence(profileModules, loginMode) && (await isTeachingUser(db, user));
  return {
    user,
    profile,
    // Issue 33 point 9: an administrator who does not teach is not offered the teacher space.
    granted: ownScreenModules(profileModules, loginMode, isTeaching),
    loginMode,
  };
}

/** Read only for an administration account whose profile also holds the teacher space (teacher-space.ts). */
async function isTeachingUser(db: AppDatabase, user: User): Promise<boolean> {
  const [contractFiles, contracts, checks] = await Promise.all([
    db.teacherContractSubmissions.where('teacherUserId').equals(user.id).count(),
    db.contracts.where('teacherUserId').equals(user.id).count(),
    db.planningLogs.where('teacherUserId').equals(user.id).count(),
  ]);
  const evidence = {
    teacherType: user.teacherType,
    contractCount: contractFiles + contracts,
    checkCount: checks,
  };
  if (teaches({ ...evidence, courseCount: 0 })) return true;
  const course = await db.timetables
    .filter((tt) => tt.slots.some((slot) => slot.teacherUserId === user.id))
    .first();
  return teaches({ ...evidence, courseCount: course ? 1 : 0 });
}
