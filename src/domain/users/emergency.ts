import { SUPER_ADMIN_PROFILE_ID } from '../defaults';
import { buildUserLog, type Actor } from '../journal/user-log';
import type { Profile, User, UserLog } from '../store/schema';
import { hasFullAdmin } from './administrator';
import { findByEmail } from './find-by-email';

/**
 * "Accès de secours" (spec part 1 point 4): make an e-mail an active Super Admin, created when absent, unless
 * an active administrator other than the emergency account exists. The emergency account, whose address
 * nobody knows, is archived. Pure: the server applies the plan (a device cannot, it has no session yet).
 */
export type EmergencyPlan =
  | { ok: false; code: 'refused' }
  | { ok: true; created: boolean; users: { id: string; fields: Partial<User> }[]; logs: UserLog[] };

/** Whether a full administrator other than the emergency account is active (./administrator). */
export function hasActiveRealAdmin(users: readonly User[], profiles: readonly Profile[]): boolean {
  return hasFullAdmin(users, profiles);
}

export function planEmergencyPromotion(input: {
  users: readonly User[];
  profiles: readonly Profile[];
  email: string;
  /** Hash of the initial password, for a created account. */
  initialPasswordHash: string;
  newUserId: string;
  newLogId: () => string;
  now: Date;
}): EmergencyPlan {
  const { users, profiles, now } = input;
  if (hasActiveRealAdmin(users, profiles)) return { ok: false, code: 'refused' };
  const email = input.email.trim();
  const existing = findByEmail(users, email);
  const actor: Actor = { id: null, name: 'Accès de secours' };
  const changes: { id: string; fields: Partial<User> }[] = [];
  const logs: UserLog[] = [];
  if (existing) {
    changes.push({ id: existing.id, fields: { profileId: SUPER_ADMIN_PROFILE_ID, status: 'Active' } });
    logs.push(
      buildUserLog({
        id: input.newLogId(),
        action: 'update',
        target: existing,
        actor,
        now,
        details: 'Promotion Super Admin (secours)',
      }),
    );
  } else {
    const user: User = {
      id: input.newUserId,
      name: email.split('@')[0] ?? email,
      email,
      profileId: SUPER_ADMIN_PROFILE_ID,
      status: 'Active',
      passwordHash: input.initialPasswordHash,
      mustChangePassword: true,
      extra: {},
    };
    changes.push({ id: user.id, fields: user });
    logs.push(
      buildUserLog({
        id: input.newLogId(),
        action: 'create',
        target: user,
        actor,
        now,
        details: 'Super Admin créé (secours)',
      }),
    );
  }
  for (const emergency of users.filter((u) => u.isEmergency && u.status !== 'Archived')) {
    changes.push({ id: emergency.id, fields: { status: 'Archived' } });
  }
  return { ok: true, created: !existing, users: changes, logs };
}
