import { parseDayLabel } from '../dates';
import { axisLabels, resolveTimeAxis } from '../grid-reader';
import { dateOrderOf, parseDateCell, parseDayPattern } from '../lists/values';
import { cellAt, cleanText } from '../text';
import { formatHhMm, parseTimeOfDay, parseTimeRange } from '../time-range';
import { bellMap } from './bell-schedule';
import { courseAreaOf } from './course-area';
import { mappedSlots } from './time-slots';
import type {
  BellPeriod,
  CellPosition,
  GridMapping,
  LayoutMapping,
  ListMapping,
  ListMappingRole,
  SheetLine,
} from './types';

/**
 * Why a mapping reads nothing, choice by choice, so the dialog names the column and the reason (« Colonne A :
 * aucune heure reconnue (« 8-9 ») ») rather than a bare "nothing detected".
 */
export type MappingProblem =
  /** The line pointed at as the days names none. */
  | { kind: 'days'; line: SheetLine; sample: string }
  /** The line pointed at as the times holds no time the reader knows, and no bell names its labels. */
  | { kind: 'times'; line: SheetLine; sample: string }
  /** No time line and no bell schedule. */
  | { kind: 'no-times' }
  /** Days across and times in a row too: no cell is both. */
  | { kind: 'times-across' }
  /** Days and times read, but no course text from the first course cell on. */
  | { kind: 'empty-area'; first: CellPosition }
  /** A list without its course column, or without a day or date column. */
  | { kind: 'list-missing'; role: 'module' | 'day' }
  /** A list column whose values read as nothing of its role. */
  | { kind: 'list-column'; role: ListMappingRole; column: number; sample: string };

const SAMPLE_LENGTH = 24;
const LIST_ROWS = 200;

function sampleOf(text: string): string {
  const first = cleanText(text.split(/[\r\n]/)[0] ?? '');
  return first.length > SAMPLE_LENGTH ? `${first.slice(0, SAMPLE_LENGTH - 1)}…` : first;
}

function lineCells(rows: readonly string[][], line: SheetLine, from: number): string[] {
  if (line.axis === 'row') return (rows[line.index] ?? []).slice(from);
  return rows.slice(from).map((row) => row[line.index] ?? '');
}

function firstFilled(cells: readonly string[]): string {
  return sampleOf(cells.find((cell) => cell.trim() !== '') ?? '');
}

function gridProblems(rows: readonly string[][], mapping: GridMapping): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const { days, times } = mapping;
  const area = courseAreaOf(rows, mapping);
  const dayCells = lineCells(rows, days, 0);
  if (!dayCells.some((cell) => parseDayLabel(cell) !== null))
    problems.push({ kind: 'days', line: days, sample: firstFilled(dayCells) });
  if (days.axis === 'row' && times?.axis === 'row') problems.push({ kind: 'times-across' });
  else if (times === null && mapping.bell.length === 0) problems.push({ kind: 'no-times' });
  else if (times !== null) {
    const slots = mappedSlots(rows, mapping, area, bellMap(mapping.bell));
    if (slots.axis.length === 0) {
      const from = times.axis === 'column' ? area.row : area.column;
      problems.push({ kind: 'times', line: times, sample: firstFilled(lineCells(rows, times, from)) });
    }
  }
  if (problems.length === 0) problems.push({ kind: 'empty-area', first: area });
  return problems;
}

const READS: Partial<Record<ListMappingRole, (text: string, order: 'dmy' | 'mdy') => boolean>> = {
  date: (text, order) => parseDayLabel(text)?.date != null || parseDateCell(text, order) !== null,
  day: (text) => parseDayLabel(text) !== null || parseDayPattern(text) !== null,
  start: (text, order) =>
    parseTimeRange(text) !== null ||
    parseTimeOfDay(text) !== null ||
    parseDateCell(text, order)?.minutes != null,
  end: (text, order) => parseTimeOfDay(text) !== null || parseDateCell(text, order)?.minutes != null,
};

function listProblems(rows: readonly string[][], mapping: ListMapping): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const { columns, headerRow } = mapping;
  if (columns.module === undefined) problems.push({ kind: 'list-missing', role: 'module' });
  if (columns.day === undefined && columns.date === undefined)
    problems.push({ kind: 'list-missing', role: 'day' });
  const body = rows.slice(headerRow + 1, headerRow + 1 + LIST_ROWS);
  for (const role of ['date', 'day', 'start', 'end'] as const) {
    const column = columns[role];
    const reads = READS[role];
    if (column === undefined || reads === undefined) continue;
    const values = body.map((row) => row[column] ?? '').filter((text) => text.trim() !== '');
    const order = dateOrderOf(values);
    if (values.length > 0 && !values.some((text) => reads(text, order)))
      problems.push({ kind: 'list-column', role, column, sample: sampleOf(values[0] ?? '') });
  }
  if (problems.length === 0 && columns.module !== undefined)
    problems.push({ kind: 'empty-area', first: { row: headerRow + 1, column: columns.module } });
  return problems;
}

/** What keeps a mapping from reading any course (call it when it reads none). */
export function diagnoseMapping(rows: readonly string[][], mapping: LayoutMapping): MappingProblem[] {
  return mapping.kind === 'grid' ? gridProblems(rows, mapping) : listProblems(rows, mapping);
}

// ---------------------------------------------------------------------------------------------------------
// The bell schedule proposed from the sheet: the time line's own labels, one a line, with their times when
// they read and the hour after the previous one when they do not; with no time line, one period per line of
// the course area that holds a course. The person corrects the times; the labels already match the cells.

const DAY_START = 8 * 60;
const STEP = 60;
const PROPOSED_MAX = 64;

export function proposeBell(rows: readonly string[][], mapping: GridMapping): BellPeriod[] {
  const area = courseAreaOf(rows, mapping);
  const { times } = mapping;
  const labels: string[] = [];
  if (times !== null) {
    const from = times.axis === 'column' ? area.row : area.column;
    for (const cell of lineCells(rows, times, from)) {
      const label = cleanText(cell.split(/[\r\n]/)[0] ?? '').slice(0, 40);
      if (label !== '' && !labels.includes(label)) labels.push(label);
    }
  } else {
    const byRow = mapping.days.axis === 'row';
    const span = Math.max(1, mapping.periodRows ?? 1);
    const end = byRow ? rows.length : Math.max(0, ...rows.map((row) => row.length));
    let last = -1;
    for (let p = byRow ? area.row : area.column; p < end; p += 1) {
      const filled = byRow
        ? (rows[p] ?? []).slice(area.column).some((cell) => cell !== '')
        : rows.slice(area.row).some((row) => (row[p] ?? '') !== '');
      if (filled) last = p;
    }
    const count = last < 0 ? 0 : Math.floor((last - (byRow ? area.row : area.column)) / span) + 1;
    for (let k = 1; k <= count; k += 1) labels.push(String(k));
  }
  const shown = labels.slice(0, PROPOSED_MAX);
  const read = new Map(
    times === null
      ? []
      : resolveTimeAxis(
          axisLabels(
            shown.map((text, position) => ({ position, text })),
            new Map(),
          ),
        ).map((label) => [label.position, label]),
  );
  // Many labels (a ruler of quarter hours): shorter steps, so the school day holds them all.
  const step = Math.max(5, Math.min(STEP, Math.floor((12 * 60) / Math.max(1, shown.length) / 5) * 5));
  const periods: BellPeriod[] = [];
  let next = DAY_START;
  for (const [k, label] of shown.entries()) {
    const known = read.get(k);
    const start = known?.start ?? next;
    const end = known?.end ?? start + step;
    if (end >= 24 * 60) break;
    periods.push({ label, start: formatHhMm(start), end: formatHhMm(end) });
    next = end;
  }
  return periods;
}

/** A cell's text as a problem quotes it (exported for the dialog's other hints). */
export function cellSample(rows: readonly string[][], position: CellPosition): string {
  return sampleOf(cellAt(rows, position.row, position.column));
}
