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
