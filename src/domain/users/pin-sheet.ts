import { isKioskTeacher } from '../auth/kiosk-roster';
import type { Profile, Timetable, User } from '../store/schema';

/** Whose PINs a sheet holds: every teacher of the kiosk's roster, or the teachers of one class. */
export type PinSheetScope = { kind: 'kiosk' } | { kind: 'class'; classId: string };

/**
 * The teachers a printable PIN sheet offers (issue 33 point 3): those a classroom kiosk lists by name
 * (domain/auth/kiosk-roster, teachers only), narrowed for a class to the teachers of its courses in any
 * imported timetable. Sorted by name, as the kiosk shows them.
 */
export function pinSheetCandidates(input: {
  users: readonly User[];
  profiles: readonly Profile[];
  timetables: readonly Pick<Timetable, 'classId' | 'slots'>[];
  scope: PinSheetScope;
}): User[] {
  const { users, profiles, timetables, scope } = input;
  const ofClass =
    scope.kind === 'class'
      ? new Set(
          timetables
            .filter((t) => t.classId === scope.classId)
            .flatMap((t) => t.slots.filter((s) => !s.canceled).map((s) => s.teacherUserId)),
        )
      : null;
  return users
    .filter((u) => isKioskTeacher(profiles, u, { includesAdminProfiles: false }))
    .filter((u) => ofClass === null || ofClass.has(u.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}
