import { NO_KNOWN_NAMES, type KnownNames } from '../cell-text';
import { blockAt, blockCourses } from '../course-block';
import { mondayOfDate, parseDayLabel, parseWeekTitle, schoolYearOf, type DayLabel } from '../dates';
import {
  groupCourses,
  nameAbove,
  readListRows,
  weekAbove,
  type ListColumns,
  type SheetInput,
} from '../detect-layout';
import {
  MergeIndex,
  tablesFromCourses,
  type Course,
  type MinuteRange,
  type ReadContext,
} from '../grid-reader';
import { WHOLE_DAY } from '../lists/read-list';
import { cellAt, cleanText } from '../text';
import type { ClassNameSource, ParsedTable } from '../types';
import { bellMap } from './bell-schedule';
import { courseAreaOf } from './course-area';
import { mappedSlots } from './time-slots';
import type { ClassNaming, GridMapping, LayoutMapping } from './types';

/** A list row mapped by hand with a start and no end lasts an hour. */
const DEFAULT_COURSE_MINUTES = 60;

type MappedCourse = Course & { className: string; source: ClassNameSource; week: string | null };

function applyGrid(sheet: SheetInput, mapping: GridMapping, context: ReadContext): ParsedTable[] {
  const { rows } = sheet;
  const height = rows.length;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const area = courseAreaOf(rows, mapping);
  const { days, times } = mapping;
  // The typed bell first, then one printed elsewhere in the workbook.
  const bell = new Map([...context.bell, ...bellMap(mapping.bell)]);
  const daysAcross = days.axis === 'row';
  // Times run down the rows (one time per row) or across the columns (one per column).
  const timesByRow = times === null ? daysAcross : times.axis === 'column';
  // Days across with times across too leaves no cell both a day and a time.
  if (daysAcross && times?.axis === 'row') return [];

  // Day of each column (days across) or of each row (days down, a label holding over the rows below it).
  const dayOf = new Map<number, DayLabel>();
  if (daysAcross) {
    for (let c = area.column; c < width; c += 1) {
      const label = parseDayLabel(cellAt(rows, days.index, c));
      if (label !== null) dayOf.set(c, label);
    }
  } else {
    let current: DayLabel | null = null;
    for (let r = 0; r < height; r += 1) {
      current = parseDayLabel(cellAt(rows, r, days.index)) ?? current;
      if (current !== null && r >= area.row) dayOf.set(r, current);
    }
  }

  // Time of each row or column of the course area.
  const { axis: slots, slotAt } = mappedSlots(rows, mapping, area, bell);

  const headerRow = daysAcross ? days.index : Math.max(0, area.row - 1);
  const naming = classNameOf(rows, mapping.className, headerRow, sheet.sheetName, context);
  const schoolYear = schoolYearOf(rows);
  const weekOfColumn = new Map<number, string>();
  for (let c = area.column; c < width; c += 1) {
    for (let r = area.row - 1; r >= Math.max(0, area.row - 4); r -= 1) {
      const monday = parseWeekTitle(cellAt(rows, r, c), schoolYear);
      if (monday !== null) {
        weekOfColumn.set(c, monday);
        break;
      }
    }
  }
  const weekOfSheet = weekAbove(rows, headerRow);
  const isLabelLine = (r: number, c: number) =>
    (daysAcross ? r === days.index : c === days.index) ||
    (times !== null && (times.axis === 'row' ? r === times.index : c === times.index));

  const courses: MappedCourse[] = [];
  for (let r = area.row; r < height; r += 1) {
    const row = rows[r] ?? [];
    for (let c = area.column; c < row.length; c += 1) {
      if (isLabelLine(r, c)) continue;
      const day = dayOf.get(daysAcross ? c : r);
      const slot = slotAt.get(timesByRow ? r : c);
      if (day === undefined || slot === undefined) continue;
      if (parseDayLabel(row[c] ?? '') !== null) continue;
      const direction = timesByRow ? 'down' : 'across';
      const block = blockAt(rows, context.merges, r, c, direction, slots, slot.end);
      if (block === null) continue;
      const place = { day: day.day, start: slot.start, sourceRow: r, sourceColumn: c };
      for (const course of blockCourses(block, place, { known: context.known, readClass: false })) {
        courses.push({
          ...course,
          className: naming.className,
          source: naming.source,
          week: day.date !== null ? mondayOfDate(day.date) : (weekOfColumn.get(c) ?? weekOfSheet),
        });
      }
    }
  }
  const timeColumn = times?.axis === 'column' ? times.index : -1;
  return tablesFromCourses(groupCourses(courses, headerRow, timeColumn), cleanText(sheet.sheetName));
}

export function classNameOf(
  rows: readonly string[][],
  naming: ClassNaming,
  headerRow: number,
  sheetName: string,
  context: Pick<ReadContext, 'titles'>,
): { className: string; source: ClassNameSource } {
  if (naming.kind === 'typed' && cleanText(naming.name) !== '')
    return { className: cleanText(naming.name), source: 'manual' };
  if (naming.kind === 'cell') {
    const text = cleanText(cellAt(rows, naming.row, naming.column).split(/[\r\n]/)[0] ?? '');
    // "Classe : 4e A" pointed at: the name after the label.
    const named = text.replace(/^(?:classe|class)\s*[:\uff1a]\s*/i, '');
    if (named !== '') return { className: named, source: 'manual' };
  }
  return nameAbove(rows, headerRow, sheetName, context);
}

/** Reads one sheet with a mapping: the courses found, in tables by class (and dated week). */
export function applyMapping(
  sheet: SheetInput,
  mapping: LayoutMapping,
  options: {
    known?: KnownNames;
    titles?: ReadonlySet<string>;
    bell?: ReadonlyMap<string, MinuteRange>;
  } = {},
): ParsedTable[] {
  const context: ReadContext = {
    merges: new MergeIndex(sheet.merges),
    bell: options.bell ?? new Map(),
    titles: options.titles ?? new Set(),
    known: options.known ?? NO_KNOWN_NAMES,
  };
  if (mapping.kind === 'grid') return applyGrid(sheet, mapping, context);
  const columns: ListColumns = { ...mapping.columns };
  const tables = readListRows(sheet, mapping.headerRow, columns, context, {
    lenient: { wholeDay: WHOLE_DAY, step: DEFAULT_COURSE_MINUTES },
  });
  if (mapping.columns.class !== undefined || mapping.className.kind === 'auto') return tables;
  const naming = classNameOf(sheet.rows, mapping.className, mapping.headerRow, sheet.sheetName, context);
  return tables.map((table) => ({ ...table, className: naming.className, classNameSource: naming.source }));
}
