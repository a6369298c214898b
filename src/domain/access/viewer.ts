import type { LoginMode, Profile } from '../store/schema';

/**
 * Who reads or writes the store (access follows the session's profile). The same value drives what the server sends to a session, which
 * pushed mutations it accepts, and the UI's own checks, so the two sides cannot disagree.
 */
export type Viewer =
  | { kind: 'user'; userId: string; granted: ReadonlySet<string>; loginMode: LoginMode }
  /**
   * An enrolled classroom tablet (PIN mode device credential): only what PIN mode needs. `listsAdmins`: a full
   * administrator set this kiosk to offer administration accounts too (the server's setting; absent: no).
   */
  | { kind: 'kiosk'; listsAdmins?: boolean }
  /** The server itself (reset tokens, migrations...): everything allowed, everything visible. */
  | { kind: 'system' };

export type UserViewer = Extract<Viewer, { kind: 'user' }>;

export const SYSTEM_VIEWER: Viewer = { kind: 'system' };
export const KIOSK_VIEWER: Viewer = { kind: 'kiosk' };

/** The module ids a profile grants (none without a profile or for an unknown one). */
export function profileModuleIds(
  profiles: readonly Profile[],
  profileId: string | null | undefined,
): ReadonlySet<string> {
  const profile = profileId ? profiles.find((p) => p.id === profileId) : undefined;
  return new Set(profile?.moduleIds ?? []);
}

/** A signed-in user: granted = the module ids of their profile. */
export function viewerForUser(
  user: { id: string; profileId?: string | null | undefined },
  profiles: readonly Profile[],
  loginMode: LoginMode,
): UserViewer {
  return userViewer(user.id, profileModuleIds(profiles, user.profileId), loginMode);
}

/** The same from what the UI's session already holds (user id, granted module ids, login mode). */
export function userViewer(userId: string, granted: ReadonlySet<string>, loginMode: LoginMode): UserViewer {
  return { kind: 'user', userId, granted, loginMode };
}

const PIN_MODE_MODULES: ReadonlySet<string> = new Set(['teacher.today']);

/**
 * The modules a user session may use. Spec part 1 points 4 and 6: a PIN login confines the session to
 * /teacher/today, so a PIN session acts with teacher.today alone even when the profile grants more.
 */
export function effectiveModules(viewer: UserViewer): ReadonlySet<string> {
  if (viewer.loginMode !== 'pin') return viewer.granted;
  return new Set([...PIN_MODE_MODULES].filter((id) => viewer.granted.has(id)));
}
