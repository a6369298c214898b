import { readSheetLayouts, type LayoutKind, type SheetInput, type WorkbookContext } from '../detect-layout';
import { readProgramSheet } from '../exports/program-sheets';
import { countCourses } from '../grid-reader';
import type { ParsedTable } from '../types';
import { readListSheet } from './read-list';

export { readListSheet, defaultPeriod, WHOLE_DAY } from './read-list';
export { tablesOfCourses, type ListCourse } from './build-tables';

/**
 * One sheet read as a list of courses (one per line, issue 30 item 2) or with the grid layouts, whichever
 * explains more of it: a list reading that finds clearly fewer courses than a grid layout (a grid with a day
 * column and a time column, read as a list, keeps one course column of many) gives way to the grid.
 */
export function readListOrLayouts(
  sheet: SheetInput,
  context: WorkbookContext,
): { kind: LayoutKind; tables: ParsedTable[] } {
  // A sheet written by a timetabling program (FET's timetable CSV, Untis' GPU001.TXT): its own reader.
  const program = readProgramSheet(sheet, context.bell);
  if (program !== null) return { kind: 'list', tables: program };
  const grid = readSheetLayouts(sheet, context);
  // A list whose column titles the header reader knows ("Jour", "Horaire", "Cours") is read as before.
  if (grid.kind === 'list') return grid;
  const list = readListSheet(sheet, context);
  if (list !== null && countCourses(list) >= countCourses(grid.tables) * 0.75) {
    return { kind: 'list', tables: list };
  }
  return grid;
}
