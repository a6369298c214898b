import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../../db/database';
import { isTeacherType } from '../../../domain/module-catalogue';
import type { Contract, CourseModule, SchoolClass, User } from '../../../domain/store/schema';

export interface VhData {
  contracts: Contract[];
  /** Active users whose profile is teacher-type, by name: the teacher choices of the edit dialog. */
  teachers: User[];
  userNames: Map<string, string>;
  classes: SchoolClass[];
  modules: CourseModule[];
}

export function useVhData(): VhData | undefined {
  return useLiveQuery(async () => {
    const db = appDb();
    const [contracts, users, profiles, classes, modules] = await Promise.all([
      db.contracts.toArray(),
      db.users.toArray(),
      db.profiles.toArray(),
      db.classes.toArray(),
      db.courseModules.toArray(),
    ]);
    const teacherProfiles = new Set(
      profiles.filter((p) => isTeacherType(new Set(p.moduleIds))).map((p) => p.id),
    );
    const userNames = new Map(users.map((u) => [u.id, u.name]));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'fr');
    return {
      contracts: contracts.sort(
        (a, b) =>
          (userNames.get(a.teacherUserId) ?? '').localeCompare(userNames.get(b.teacherUserId) ?? '', 'fr') ||
          b.startDate.localeCompare(a.startDate),
      ),
      teachers: users
        .filter((u) => u.status === 'Active' && !!u.profileId && teacherProfiles.has(u.profileId))
        .sort(byName),
      userNames,
      classes: classes.sort((a, b) => a.code.localeCompare(b.code, 'fr')),
      modules: modules.sort(byName),
    };
  }, []);
}
