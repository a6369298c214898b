import { parseDayLabel } from '../dates';
import { findDayColumn, listRoleOf, type ListRole } from '../detect-layout';
import { readTimeLabel } from '../grid-reader';
import { isHeaderRow } from '../sheet-layout';
import type { ClassNaming, LayoutMapping, ListMapping, ListMappingRole, SheetLine } from './types';

// ---------------------------------------------------------------------------------------------------------
// A first guess for the dialog, from what the sheet plainly shows.

const LIST_TITLE_ROLES: Partial<Record<ListRole, ListMappingRole>> = {
  date: 'date',
  day: 'day',
  start: 'start',
  // A column of ranges ("08:00-10:00") is read as the start column: the range gives the end too.
  time: 'start',
  end: 'end',
  class: 'class',
  module: 'module',
  teacher: 'teacher',
  room: 'room',
};

/** Columns of a list header row whose titles name a value ("Matière", "Début", "Salle"...). */
export function guessListColumns(row: readonly string[]): ListMapping['columns'] {
  const columns: ListMapping['columns'] = {};
  row.forEach((title, c) => {
    const listRole = listRoleOf(title);
    const role = listRole === null ? undefined : LIST_TITLE_ROLES[listRole];
    if (role !== undefined && columns[role] === undefined) columns[role] = c;
  });
  return columns;
}

const GUESS_ROWS = 50;

/**
 * What the sheet plainly shows, as the dialog's starting point: a row of list titles, a row of days (with
 * a time column left of it), a column of days, else nothing pointed at yet.
 */
export function suggestMapping(sheet: { rows: readonly string[][] }): LayoutMapping {
  const { rows } = sheet;
  const auto: ClassNaming = { kind: 'auto' };
  for (let r = 0; r < Math.min(rows.length, 15); r += 1) {
    const columns = guessListColumns(rows[r] ?? []);
    if (Object.keys(columns).length >= 3 && columns.module !== undefined)
      return { kind: 'list', headerRow: r, columns, className: auto };
  }
  for (let r = 0; r < Math.min(rows.length, GUESS_ROWS); r += 1) {
    if (!isHeaderRow(rows[r])) continue;
    const firstDay = (rows[r] ?? []).findIndex((cell) => parseDayLabel(cell) !== null);
    let times: SheetLine | null = null;
    let best = 1;
    for (let c = 0; c < firstDay; c += 1) {
      const count = rows
        .slice(r + 1, r + 1 + GUESS_ROWS)
        .filter((row) => readTimeLabel(row[c] ?? '', new Map()) !== null).length;
      if (count > best) {
        best = count;
        times = { axis: 'column', index: c };
      }
    }
    return {
      kind: 'grid',
      days: { axis: 'row', index: r },
      times,
      bell: [],
      firstCourse: null,
      className: auto,
    };
  }
  const dayColumn = findDayColumn(rows);
  if (dayColumn !== null)
    return {
      kind: 'grid',
      days: { axis: 'column', index: dayColumn.column },
      times: null,
      bell: [],
      firstCourse: null,
      className: auto,
    };
  return {
    kind: 'grid',
    days: { axis: 'row', index: 0 },
    times: null,
    bell: [],
    firstCourse: null,
    className: auto,
  };
}
