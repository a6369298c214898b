import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../../db/database';
import type {
  Contract,
  CourseModule,
  Institute,
  Level,
  PlanningImport,
  Profile,
  SchoolClass,
  Substitution,
  Timetable,
  User,
} from '../../../domain/store/schema';

export interface ImportData {
  classes: SchoolClass[];
  courseModules: CourseModule[];
  users: User[];
  profiles: Profile[];
  levels: Level[];
  institutes: Institute[];
  timetables: Timetable[];
  contracts: Contract[];
  planningImports: PlanningImport[];
  /** Issue 35: a course given by a substitute counts for her (contract warnings, conflicts). */
  substitutions: Substitution[];
}

const byName =
  <T>(name: (item: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b), 'fr', { numeric: true, sensitivity: 'base' });

/** Reference data the import matches against, re-read whenever a table changes (useLiveQuery). */
export function useImportData(): ImportData | undefined {
  return useLiveQuery(async () => {
    const db = appDb();
    const [
      classes,
      courseModules,
      users,
      profiles,
      levels,
      institutes,
      timetables,
      contracts,
      planningImports,
      substitutions,
    ] = await Promise.all([
      db.classes.toArray(),
      db.courseModules.toArray(),
      db.users.toArray(),
      db.profiles.toArray(),
      db.levels.toArray(),
      db.institutes.toArray(),
      db.timetables.toArray(),
      db.contracts.toArray(),
      db.planningImports.orderBy('createdAt').reverse().limit(1).toArray(),
      db.substitutions.toArray(),
    ]);
    return {
      classes,
      courseModules,
      users,
      profiles,
      levels: levels.sort(byName((l) => l.name)),
      institutes: institutes.sort(byName((i) => i.name)),
      timetables,
      contracts,
      planningImports,
      substitutions,
    };
  }, []);
}
