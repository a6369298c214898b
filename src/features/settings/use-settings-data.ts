import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import type { CourseModule, Institute, Level, SchoolClass, Timetable } from '../../domain/store/schema';

export interface SettingsData {
  institutes: Institute[];
  levels: Level[];
  classes: SchoolClass[];
  courseModules: CourseModule[];
  timetables: Pick<Timetable, 'id' | 'classId' | 'slots'>[];
}

const byText =
  <T>(text: (item: T) => string) =>
  (a: T, b: T) =>
    text(a).localeCompare(text(b), 'fr', { numeric: true, sensitivity: 'base' });

/**
 * The name of a level and of an institute by id, `unknown` for none or one that no longer exists (the lists of
 * classes and of modules).
 */
export function referenceNames(data: Pick<SettingsData, 'levels' | 'institutes'>, unknown: string) {
  const levels = new Map(data.levels.map((l) => [l.id, l.name]));
  const institutes = new Map(data.institutes.map((i) => [i.id, i.name]));
  const nameIn = (names: ReadonlyMap<string, string>, id: string | null | undefined) =>
    (id ? names.get(id) : undefined) ?? unknown;
  return {
    level: (id: string | null | undefined) => nameIn(levels, id),
    institute: (id: string | null | undefined) => nameIn(institutes, id),
  };
}

/** Reference data of the settings screens, re-read whenever a table changes (useLiveQuery). */
export function useSettingsData(): SettingsData | undefined {
  return useLiveQuery(async () => {
    const db = appDb();
    const [institutes, levels, classes, courseModules, timetables] = await Promise.all([
      db.institutes.toArray(),
      db.levels.toArray(),
      db.classes.toArray(),
      db.courseModules.toArray(),
      db.timetables.toArray(),
    ]);
    return {
      institutes: institutes.sort(byText((i) => i.name)),
      levels: levels.sort(byText((l) => l.name)),
      classes: classes.sort(byText((c) => c.code)),
      courseModules: courseModules.sort(byText((m) => m.code)),
      timetables,
    };
  }, []);
}
