import {
  coursesInCell,
  resolveTimeAxis,
  tablesFromCourses,
  type Course,
  type ReadContext,
  type TimeLabel,
} from '../grid-reader';
import { isTitle, looksLikeClassName } from '../class-name';
import {
  datedDayLabel,
  monthAbove,
  mondayOfDate,
  parseDayLabel,
  parseWeekTitle,
  schoolYearOf,
  type DayLabel,
} from '../dates';
import { cellAt, cleanText, foldText } from '../text';
import type { ClassNameSource, GridMerge, ParsedTable } from '../types';
import { blockAt, blockCourses, type CourseBlock } from '../course-block';
import { isTwoColumnRuler, rulerBandCourses } from './ruler';
import { groupCourses, nameAbove, timeLabels, weekAbove, type SheetInput } from './shared';

// ---------------------------------------------------------------------------------------------------------
// Days down the sheet: a column of day labels (weekdays or dates), times across the top or in a column.

const DAY_COLUMN_SEARCH = 6;

export function findDayColumn(
  rows: readonly string[][],
): { column: number; labels: Map<number, DayLabel> } | null {
  for (let c = 0; c < DAY_COLUMN_SEARCH; c += 1) {
    const labels = new Map<number, DayLabel>();
    rows.forEach((row, r) => {
      const label = parseDayLabel(row[c] ?? '');
      if (label !== null) labels.set(r, label);
    });
    if (new Set([...labels.values()].map((l) => l.day)).size >= 3) return { column: c, labels };
  }
  return null;
}

/**
 * How many rows above its day name a day band starts (family: day bands of several rows with the name in
 * their middle — diu-bordeaux, six rows per day, the name on the third). With day names evenly spaced, the
 * offset chosen is the one that cuts fewest drawn blocks (merged areas right of the day column) across two
 * bands; without such blocks, or on a tie, the name opens its band.
 */
function bandOffset(
  labelRows: readonly number[],
  merges: readonly GridMerge[],
  dayColumn: number,
): { offset: number; spacing: number } {
  const sorted = [...labelRows].sort((a, b) => a - b);
  const gaps = new Set(sorted.slice(1).map((r, i) => r - (sorted[i] ?? 0)));
  const spacing = [...gaps][0] ?? 0;
  const first = sorted[0] ?? 0;
  if (gaps.size !== 1 || spacing < 3 || sorted.length < 3) return { offset: 0, spacing: 0 };
  const tall = merges.filter((m) => m.left > dayColumn && m.bottom > m.top && m.top >= first - spacing);
  if (tall.length === 0) return { offset: 0, spacing: 0 };
  let best = 0;
  let fewest = Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < spacing && offset <= first; offset += 1) {
    const bandOf = (r: number) => Math.floor((r - (first - offset)) / spacing);
    const cut = tall.filter((m) => bandOf(m.top) !== bandOf(m.bottom)).length;
    if (cut < fewest) {
      fewest = cut;
      best = offset;
    }
  }
  return { offset: best, spacing };
}

/** Day labels written with their day number only ("Lundi 31"), dated by the month title above them. */
function dateDayNumbers(
  rows: readonly string[][],
  column: number,
  labels: ReadonlyMap<number, DayLabel>,
): Map<number, DayLabel> {
  const dated = new Map(labels);
  const undated = [...labels].filter(
    ([r, label]) => label.date === null && /\d/.test(cellAt(rows, r, column)),
  );
  if (undated.length === 0) return dated;
  const schoolYear = schoolYearOf(rows);
  for (const [r, label] of undated) {
    const date = datedDayLabel(cellAt(rows, r, column), { month: monthAbove(rows, r), schoolYear });
    if (date !== null) dated.set(r, { ...label, date });
  }
  return dated;
}

export function readDaysDown(sheet: SheetInput, context: ReadContext): ParsedTable[] {
  const { rows } = sheet;
  const found = findDayColumn(rows);
  if (found === null) return [];
  const dayColumn = found.column;
  const written = dateDayNumbers(rows, dayColumn, found.labels);
  // A day's band may start above its name (written in the middle of its rows): its label is moved up.
  const { offset, spacing } = bandOffset([...written.keys()], sheet.merges ?? [], dayColumn);
  const labels = new Map([...written].map(([r, label]) => [r - offset, label]));
  const firstDayRow = Math.min(...labels.keys());
  // Evenly spaced bands: the last one is as tall as the others (a ruler or notes may follow it).
  const lastBandRow = spacing > 0 ? Math.max(...labels.keys()) + spacing : rows.length;
  // Day of each row: from its label down to the next label (a day merged over its rows, or left blank).
  const dayOfRow = new Map<number, DayLabel>();
  // Rows of one day in a row (a day written on each of its rows, or merged down over them) form a band.
  const bandOfRow = new Map<number, number>();
  let current: DayLabel | null = null;
  let band = 0;
  for (let r = firstDayRow; r < Math.min(rows.length, lastBandRow); r += 1) {
    const label = labels.get(r);
    if (label !== undefined && (current === null || label.day !== current.day || label.date !== current.date))
      band += 1;
    current = label ?? current;
    if (current !== null) {
      dayOfRow.set(r, current);
      bandOfRow.set(r, band);
    }
  }
  const bandRows = [...dayOfRow.keys()];

  // Times across the top: the nearest row above the first day with at least two time labels.
  let headerRow = -1;
  let across: (TimeLabel & { end: number })[] = [];
  for (let r = firstDayRow - 1; r >= Math.max(0, firstDayRow - 10); r -= 1) {
    const cells = (rows[r] ?? [])
      .map((text, position) => ({ position, text }))
      .filter((c) => c.position > dayColumn);
    const axis = timeLabels(cells, context.bell);
    if (axis.length >= 2) {
      headerRow = r;
      across = axis;
      break;
    }
  }
  const naming = nameAbove(
    rows,
    Math.max(0, headerRow >= 0 ? headerRow : firstDayRow - 1),
    sheet.sheetName,
    context,
  );
  const week = weekAbove(rows, Math.max(0, firstDayRow - 1));
  const courses: (Course & { className: string; source: ClassNameSource; week: string | null })[] = [];
  const push = (
    found: Course,
    day: DayLabel,
    className = naming.className,
    source = naming.source,
    laneWeek: string | null = null,
  ) =>
    courses.push({
      ...found,
      className,
      source,
      week: day.date !== null ? mondayOfDate(day.date) : (laneWeek ?? week),
    });

  // A label merged over two columns is copied into both: the ruler keeps it once, at its first column.
  const ruler = across.filter((label) => {
    const merge = context.merges.at(headerRow, label.position);
    return merge === undefined || merge.left === label.position;
  });
  if (ruler.length >= 2 && isTwoColumnRuler(ruler, headerRow, context.merges)) {
    const bands = new Map<number, number[]>();
    for (const r of bandRows)
      bands.set(bandOfRow.get(r) ?? 0, [...(bands.get(bandOfRow.get(r) ?? 0) ?? []), r]);
    for (const band of bands.values()) {
      const day = dayOfRow.get(band[0] ?? -1);
      if (day === undefined) continue;
      for (const course of rulerBandCourses(
        rows,
        context.merges,
        band,
        dayColumn + 1,
        across,
        context.known,
      )) {
        if (parseDayLabel(course.moduleName) !== null) continue;
        push({ ...course, day: course.day ?? day.day }, day);
      }
    }
    return tablesFromCourses(groupCourses(courses, headerRow, -1), cleanText(sheet.sheetName));
  }
  if (across.length >= 2) {
    for (const r of bandRows) {
      const day = dayOfRow.get(r);
      if (day === undefined) continue;
      for (const label of across) {
        const block = blockAt(rows, context.merges, r, label.position, 'across', across, label.end);
        if (block === null || parseDayLabel(block.text) !== null) continue;
        const place = { day: day.day, start: label.start, sourceRow: r, sourceColumn: label.position };
        for (const course of blockCourses(block, place, { known: context.known, readClass: false })) {
          push(course, day);
        }
      }
    }
    return tablesFromCourses(groupCourses(courses, headerRow, -1), cleanText(sheet.sheetName));
  }

  // Times in a column beside the days, the courses to their right.
  let timeColumn = -1;
  let down: (TimeLabel & { end: number })[] = [];
  // The day column itself may hold the times on the rows below each day (family: day blocks with a morning
  // and an afternoon row under the day's name in one column — ulbu).
  for (let c = 0; c < 12; c += 1) {
    const axis = timeLabels(
      bandRows.map((r) => ({ position: r, text: cellAt(rows, r, c) })),
      context.bell,
    );
    if (axis.length > down.length) {
      down = axis;
      timeColumn = c;
    }
  }
  if (down.length < 2) return [];
  down = endsWithinBands(down, bandOfRow);
  const width = Math.max(...bandRows.map((r) => rows[r]?.length ?? 0));
  const courseColumns = Array.from({ length: width }, (_, c) => c).filter(
    (c) => c !== dayColumn && c !== timeColumn && c > Math.min(dayColumn, timeColumn),
  );
  const header = firstDayRow - 1;
  const filled = courseColumns.filter((c) => bandRows.some((r) => cellAt(rows, r, c) !== ''));
  const rooms = roomColumns(rows, header, filled, bandRows);
  const lanes = filled.filter((c) => !rooms.has(c));
  const continued = continuationRows(rows, down, labels, bandOfRow, timeColumn);
  // One column per week ("Semaine du 02/09"): each lane is a week of the same class.
  const schoolYear = schoolYearOf(rows);
  const weekOfLane = new Map<number, string>();
  for (const c of lanes) {
    const monday = parseWeekTitle(cellAt(rows, header, c), schoolYear);
    if (monday !== null) weekOfLane.set(c, monday);
  }
  const weekLanes = lanes.length > 1 && weekOfLane.size === lanes.length;
  const classLanes =
    !weekLanes &&
    lanes.length > 1 &&
    lanes.every((c) => {
      const title = cellAt(rows, header, c);
      return (
        title !== '' &&
        looksLikeClassName(title) &&
        !isTitle(title, context.titles) &&
        !GENERIC_COLUMN.test(foldText(title))
      );
    });
  // Each day has its own time rows: a day's time range runs within its band (the labels are per row).
  const endOf = new Map(down.map((label) => [label.position, label]));
  for (const r of bandRows) {
    const day = dayOfRow.get(r);
    const label = endOf.get(r);
    if (day === undefined || label === undefined) continue;
    const texts: { column: number; text: string; end: number; room: string }[] = [];
    const below = continued.get(r) ?? [];
    const textOf = (c: number, block: CourseBlock | null) =>
      [
        block?.text ?? '',
        ...below.map((row) => blockAt(rows, context.merges, row, c, 'down', [], 0)?.text ?? ''),
      ]
        .filter((text) => text !== '')
        .join('\n');
    for (const c of lanes) {
      const block = blockAt(rows, context.merges, r, c, 'down', down, label.end);
      const text = textOf(c, block);
      if (text === '') continue;
      const room = rooms.has(c + 1)
        ? cleanText(textOf(c + 1, blockAt(rows, context.merges, r, c + 1, 'down', [], 0)))
        : '';
      texts.push({ column: c, text, end: block?.end ?? label.end, room });
    }
    const cells =
      classLanes || weekLanes
        ? texts
        : texts.length === 0
          ? []
          : [
              {
                column: texts[0]?.column ?? 0,
                text: texts.map((t) => t.text).join('\n'),
                end: Math.max(...texts.map((t) => t.end)),
                room: texts.find((t) => t.room !== '')?.room ?? '',
              },
            ];
    for (const cell of cells) {
      const className = classLanes ? cleanText(cellAt(rows, header, cell.column)) : naming.className;
      for (const course of coursesInCell(
        cell.text,
        { start: label.start, end: cell.end },
        { known: context.known, readClass: false },
      )) {
        push(
          {
            ...course,
            ...(course.room === undefined && cell.room !== '' ? { room: cell.room } : {}),
            day: course.day ?? day.day,
            sourceRow: r,
            sourceColumn: cell.column,
          },
          day,
          className,
          classLanes ? 'lane' : naming.source,
          weekOfLane.get(cell.column) ?? null,
        );
      }
    }
  }
  return tablesFromCourses(
    groupCourses(courses, Math.max(0, header), timeColumn),
    cleanText(sheet.sheetName),
  );
}

// A room column beside each class lane (family: class-by-day grids with an "S" (salle) column after each
// class — ulbu): titled as rooms, or untitled with only short one-word values ("2", "GS", "CAV"), right of
// a class lane. Its value is the room of the course on its left (a second one is dropped).
const ROOM_TITLE = /^(?:s|salles?|rooms?|locals?|locaux|lieux?|venues?)$/;
const SHORT_VALUE = /^\S{1,6}$/;

function roomColumns(
  rows: readonly string[][],
  header: number,
  lanes: readonly number[],
  bandRows: readonly number[],
): Set<number> {
  const rooms = new Set<number>();
  for (const c of lanes) {
    if (!lanes.some((other) => other < c && !rooms.has(other))) continue;
    const title = foldText(cellAt(rows, header, c));
    const values = bandRows.map((r) => cleanText(cellAt(rows, r, c))).filter((v) => v !== '');
    if (ROOM_TITLE.test(title) || (title === '' && values.every((v) => SHORT_VALUE.test(v)))) rooms.add(c);
  }
  return rooms;
}

/**
 * Rows under a time row that carry no time and no day continue its courses (family: a course on one row,
 * its teacher on the row below — ulbu), up to the next time or day row of the same band.
 */
function continuationRows(
  rows: readonly string[][],
  axis: readonly TimeLabel[],
  dayLabels: ReadonlyMap<number, DayLabel>,
  bandOfRow: ReadonlyMap<number, number>,
  timeColumn: number,
): Map<number, number[]> {
  const timed = new Set(axis.map((label) => label.position));
  const result = new Map<number, number[]>();
  for (const label of axis) {
    const extra: number[] = [];
    const band = bandOfRow.get(label.position);
    for (let r = label.position + 1; r < rows.length; r += 1) {
      if (timed.has(r) || dayLabels.has(r) || bandOfRow.get(r) !== band) break;
      if (cellAt(rows, r, timeColumn) !== '') break;
      extra.push(r);
    }
    result.set(label.position, extra);
  }
  return result;
}

const GENERIC_COLUMN =
  /^(?:cours|matiere|module|enseignement|observations?|remarques?|salle|enseignant|professeur|horaires?|heures?|jour|date)\b/;

/**
 * Start times down a column of day bands: a course lasts until the next start of its own day; the last one
 * of a day for the usual step of that day (a time written again for each day must not run into the next).
 */
function endsWithinBands(
  axis: readonly (TimeLabel & { end: number })[],
  bandOfRow: ReadonlyMap<number, number>,
): (TimeLabel & { end: number })[] {
  const bands = new Map<number, (TimeLabel & { end: number })[]>();
  for (const label of axis) {
    const band = bandOfRow.get(label.position) ?? -1;
    bands.set(band, [...(bands.get(band) ?? []), label]);
  }
  if (bands.size < 2) return [...axis];
  const ends = new Map<number, number>();
  for (const labels of bands.values()) {
    if (labels.length < 2) continue;
    const resolved = resolveTimeAxis(labels.map((l) => ({ ...l, end: l.kind === 'start' ? null : l.end })));
    for (const label of resolved) ends.set(label.position, label.end);
  }
  return axis.map((label) => ({ ...label, end: ends.get(label.position) ?? label.end }));
}
