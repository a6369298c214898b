import { DAYS_OF_WEEK, referenceKey, type ParsedFile } from '../timetable-parsing';

/**
 * Courses "à affecter" (issue 30 item 5): the file names no teacher for them. They are imported without a
 * teacher, shown "À affecter", kept out of check-in, and staffed in bulk: one teacher per module and class.
 */
export interface UnassignedGroup {
  /** The module and the class as the file names them, folded (see assignmentKey). */
  key: string;
  moduleName: string;
  className: string;
  courseCount: number;
}

export function assignmentKey(moduleName: string, className: string): string {
  return `${referenceKey(moduleName)}|${referenceKey(className)}`;
}

/** The module and class pairs of the courses without a teacher, in file order, with how many courses each. */
export function unassignedGroups(parsed: ParsedFile): UnassignedGroup[] {
  const groups = new Map<string, UnassignedGroup>();
  for (const table of parsed.tables) {
    for (const row of table.rows) {
      for (const day of DAYS_OF_WEEK) {
        for (const cell of row.cells[day] ?? []) {
          if (cell.teacherName.trim() !== '' || cell.moduleName.trim() === '') continue;
          const key = assignmentKey(cell.moduleName, table.className);
          const group = groups.get(key) ?? {
            key,
            moduleName: cell.moduleName.trim(),
            className: table.className.trim(),
            courseCount: 0,
          };
          group.courseCount += 1;
          groups.set(key, group);
        }
      }
    }
  }
  return [...groups.values()];
}
