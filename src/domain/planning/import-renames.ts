import { referenceKey, type ParsedFile } from '../timetable-parsing';
import { DAYS_OF_WEEK } from '../timetable-parsing/types';

/** Names fixed by hand in the verification dialog, by the folded name the file gave (referenceKey). */
export interface NameChanges {
  classes: Readonly<Record<string, string>>;
  modules: Readonly<Record<string, string>>;
  teachers: Readonly<Record<string, string>>;
}

export const NO_NAME_CHANGES: NameChanges = { classes: {}, modules: {}, teachers: {} };

function renamed(changes: Readonly<Record<string, string>>, name: string): string {
  const next = changes[referenceKey(name)];
  return next === undefined || next.trim() === '' ? name : next.trim().replace(/\s+/g, ' ');
}

/**
 * The parsed file with the names fixed by hand: a class renamed, or mapped onto an existing class (its code
 * given as the new name), and the same for modules and teachers. Applied before matching the references,
 * so a renamed class is found, created or merged like any other.
 */
export function applyNameChanges(parsed: ParsedFile, changes: NameChanges): ParsedFile {
  return {
    tables: parsed.tables.map((table) => ({
      ...table,
      className: renamed(changes.classes, table.className),
      rows: table.rows.map((row) => {
        const cells = { ...row.cells };
        for (const day of DAYS_OF_WEEK) {
          cells[day] = row.cells[day].map((cell) => ({
            ...cell,
            moduleName: cell.moduleName === '' ? '' : renamed(changes.modules, cell.moduleName),
            teacherName: cell.teacherName === '' ? '' : renamed(changes.teachers, cell.teacherName),
          }));
        }
        return { ...row, cells };
      }),
    })),
  };
}

/** Where a detected class came from: its sheets and rows (1-based, as a spreadsheet shows them). */
export interface DetectedClass {
  name: string;
  sources: { sheetName: string; firstRow: number; lastRow: number }[];
  courseCount: number;
}

/** The classes the file gave, in file order, each with the sheets and rows it was read from. */
export function detectedClasses(parsed: ParsedFile): DetectedClass[] {
  const byKey = new Map<string, DetectedClass>();
  for (const table of parsed.tables) {
    const key = referenceKey(table.className);
    const entry = byKey.get(key) ?? { name: table.className, sources: [], courseCount: 0 };
    byKey.set(key, entry);
    const rows = table.rows.map((row) => row.sourceRow);
    if (rows.length === 0) continue;
    const firstRow = Math.min(...rows, table.headerRow >= 0 ? table.headerRow : Infinity) + 1;
    const lastRow = Math.max(...rows) + 1;
    const same = entry.sources.find((s) => s.sheetName === table.sheetName);
    if (same !== undefined) {
      same.firstRow = Math.min(same.firstRow, firstRow);
      same.lastRow = Math.max(same.lastRow, lastRow);
    } else entry.sources.push({ sheetName: table.sheetName, firstRow, lastRow });
    entry.courseCount += table.rows.reduce(
      (n, row) => n + DAYS_OF_WEEK.reduce((k, day) => k + row.cells[day].length, 0),
      0,
    );
  }
  return [...byKey.values()];
}

/** Every class and module to create has its level and institute (never created without them). */
export function missingPlacesComplete(
  names: readonly string[],
  placeOf: (name: string) => { levelId: string | null; instituteId: string | null },
): boolean {
  return names.every((name) => {
    const place = placeOf(name);
    return place.levelId !== null && place.instituteId !== null;
  });
}
