import { findClassLabel, findTextAbove } from '../class-name';
import { parseWeekTitle } from '../dates';
import type { tablesFromCourses } from '../grid-reader';
import {
  axisLabels,
  resolveTimeAxis,
  type Course,
  type MinuteRange,
  type ReadContext,
  type TimeLabel,
} from '../grid-reader';
import { cleanText, foldText } from '../text';
import type { ClassNameSource, GridMerge } from '../types';

/** One sheet as the layout readers take it: displayed texts, and the merged areas. */
export interface SheetInput {
  sheetName: string;
  rows: string[][];
  merges?: readonly GridMerge[] | undefined;
}

/** A course with the class and dated week it belongs to, before tables are built. */
export type PlacedCourse = Course & { className: string; source: ClassNameSource; week: string | null };

// ---------------------------------------------------------------------------------------------------------
// Class name of layouts other than the specification's: a "Classe :" label, the text above, the sheet name.

export function nameAbove(
  rows: readonly string[][],
  headerRow: number,
  sheetName: string,
  context: Pick<ReadContext, 'titles'>,
): { className: string; source: ClassNameSource } {
  const floor = Math.max(0, headerRow - 5);
  const label = findClassLabel(rows, floor, headerRow + 1);
  if (label !== null) return { className: label, source: 'label' };
  const above = findTextAbove(rows, floor, headerRow, context.titles);
  if (above !== null && parseWeekTitle(above) === null) return { className: above, source: 'text-above' };
  return { className: cleanText(sheetName), source: 'sheet-name' };
}

export function weekAbove(rows: readonly string[][], headerRow: number): string | null {
  for (let r = headerRow; r >= Math.max(0, headerRow - 6); r -= 1) {
    for (const cell of rows[r] ?? []) {
      const monday = parseWeekTitle(cell);
      if (monday !== null) return monday;
    }
  }
  return null;
}

export function timeLabels(
  cells: readonly { position: number; text: string }[],
  bell: ReadonlyMap<string, MinuteRange>,
): (TimeLabel & { end: number })[] {
  return resolveTimeAxis(axisLabels(cells, bell));
}

export function groupCourses(courses: readonly PlacedCourse[], headerRow: number, timeColumn: number) {
  const groups = new Map<
    string,
    { key: Parameters<typeof tablesFromCourses>[0][number]['key']; courses: Course[] }
  >();
  for (const course of courses) {
    const id = `${foldText(course.className)}|${course.week ?? ''}`;
    const group = groups.get(id) ?? {
      key: {
        className: course.className,
        source: course.source,
        weekStartDate: course.week,
        headerRow,
        timeColumn,
      },
      courses: [],
    };
    group.courses.push(course);
    groups.set(id, group);
  }
  return [...groups.values()];
}
