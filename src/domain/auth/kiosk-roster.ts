import { isAdminType } from '../module-catalogue';
import type { Profile, User } from '../store/schema';

export interface KioskRosterOptions {
  /** Set on the kiosk itself (Paramètres › Données): also list holders of teacher.today with admin modules. */
  includesAdminProfiles: boolean;
}

/**
 * Who the classroom kiosk offers by name: teachers, i.e. active users whose profile holds teacher.today and
 * no administration module (users, profiles, settings, compliance review). An administrator who also teaches
 * is listed only when the kiosk was set to include them, so a shared tablet does not advertise the accounts
 * that can change everyone's access.
 */
export function isKioskTeacher(
  profiles: readonly Profile[],
  user: Pick<User, 'profileId' | 'status'>,
  options: KioskRosterOptions,
): boolean {
  if (user.status !== 'Active') return false;
  const granted = new Set(profiles.find((p) => p.id === user.profileId)?.moduleIds ?? []);
  if (!granted.has('teacher.today')) return false;
  return options.includesAdminProfiles || !isAdminType(granted);
}
