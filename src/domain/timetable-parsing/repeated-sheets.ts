import { foldText } from './text';
import { DAYS_OF_WEEK, type ParsedTable } from './types';

/** The courses of a table as "day|start|end|module|teacher" keys, whatever the class. */
function courseKeys(tables: readonly ParsedTable[]): Set<string> {
  const keys = new Set<string>();
  for (const table of tables) {
    for (const row of table.rows) {
      for (const day of DAYS_OF_WEEK) {
        for (const cell of row.cells[day]) {
          keys.add(
            [day, row.startTime, row.endTime, foldText(cell.moduleName), foldText(cell.teacherName)].join(
              '|',
            ),
          );
        }
      }
    }
  }
  return keys;
}

/**
 * Drops the sheets that only repeat part of another sheet (family: a workbook with a whole timetable and
 * sheets picking some of its courses again — ist "Tudo" and "Teoricas", the lectures only): a sheet named
 * by nothing but its sheet name whose every course is found on another sheet with more courses. Sheets that
 * name their class (a label, a title) are kept, even when they share all their courses with another class.
 */
export function dropRepeatedSheets(tables: readonly ParsedTable[]): ParsedTable[] {
  const bySheet = new Map<string, ParsedTable[]>();
  for (const table of tables) bySheet.set(table.sheetName, [...(bySheet.get(table.sheetName) ?? []), table]);
  if (bySheet.size < 2) return [...tables];
  const keys = new Map([...bySheet].map(([sheet, list]) => [sheet, courseKeys(list)]));
  const repeated = new Set<string>();
  for (const [sheet, list] of bySheet) {
    if (!list.every((table) => table.classNameSource === 'sheet-name')) continue;
    const own = keys.get(sheet) ?? new Set<string>();
    if (own.size === 0) continue;
    for (const [other, theirs] of keys) {
      if (other === sheet || repeated.has(other) || theirs.size <= own.size) continue;
      if ([...own].every((key) => theirs.has(key))) {
        repeated.add(sheet);
        break;
      }
    }
  }
  return repeated.size === 0 ? [...tables] : tables.filter((table) => !repeated.has(table.sheetName));
}
