import { foldText } from './text';
import type { DayOfWeek } from './types';
import { parseWeekday } from './weekday';

const MONTHS: ReadonlyMap<string, number> = new Map([
  ['janvier', 1],
  ['janv', 1],
  ['fevrier', 2],
  ['fevr', 2],
  ['mars', 3],
  ['avril', 4],
  ['avr', 4],
  ['mai', 5],
  ['juin', 6],
  ['juillet', 7],
  ['juil', 7],
  ['aout', 8],
  ['septembre', 9],
  ['sept', 9],
  ['octobre', 10],
  ['oct', 10],
  ['novembre', 11],
  ['nov', 11],
  ['decembre', 12],
  ['dec', 12],
]);

const NUMERIC_DATE = /(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/;
const ISO_DATE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/;
const WORDED_DATE = /(?<!\d)(\d{1,2})(?:er)?\s+([a-z]+)\.?\s+(\d{4})(?!\d)/;

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** The first full date written in a text ("12/09/2022", "12/09/22", "2022-09-12", "12 septembre 2022"). */
export function parseDateInText(text: string): string | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const folded = foldText(text.slice(0, 200));
  const isoMatch = ISO_DATE.exec(folded);
  if (isoMatch) return iso(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3]));
  const numeric = NUMERIC_DATE.exec(folded);
  if (numeric) {
    const year = Number(numeric[3]);
    return iso(year < 100 ? 2000 + year : year, Number(numeric[2]), Number(numeric[1]));
  }
  const worded = WORDED_DATE.exec(folded);
  if (worded) {
    const month = MONTHS.get(worded[2] ?? '');
    if (month !== undefined) return iso(Number(worded[3]), month, Number(worded[1]));
  }
  return null;
}

/** 1 = Monday ... 7 = Sunday of an ISO date. */
export function weekdayOfDate(date: string): DayOfWeek {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as DayOfWeek;
}

/** The Monday ('YYYY-MM-DD') of the week of an ISO date. */
export function mondayOfDate(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() - (weekdayOfDate(date) - 1));
  return value.toISOString().slice(0, 10);
}

export interface DayLabel {
  day: DayOfWeek;
  /** ISO date when the label is dated. */
  date: string | null;
}

const MAX_DAY_LABEL_LENGTH = 40;

/**
 * A cell that names a day: a weekday ("Lundi", "LUN 12-09", "lundi 12/09/2022") or a date alone
 * ("12/09/2022", the weekday then comes from the date). Longer texts (a course) are not labels.
 */
export function parseDayLabel(text: string): DayLabel | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_DAY_LABEL_LENGTH) return null;
  const weekday = parseWeekday(text);
  const date = parseDateInText(text);
  if (weekday !== null)
    return { day: weekday, date: date !== null && weekdayOfDate(date) === weekday ? date : null };
  if (date !== null && /^[\d/.\-\s]+$/.test(text.trim())) return { day: weekdayOfDate(date), date };
  return null;
}

// "Semaine du 12/09/2022", "Semaine 37 du 12/09/22 au 16/09/22", "Week of 2022-09-12".
// A week number may come first: "S37 - Semaine du 09/09/2024".
const WEEK_TITLE = /^(?:s\d{1,2}\s*[-\u2013:]?\s*)?(?:semaine|sem\.?|week)\b/;

const DAY_MONTH = /(?<![\d/.])(\d{1,2})[/.](\d{1,2})(?![\d/.])/;

/**
 * The Monday of a week named by a title ("Semaine du 12/09/2022"), or null. A title without its year
 * ("Semaine du 02/09") takes it from the school year written in the sheet (see schoolYearOf): September to
 * December in its first year, January to August in the second.
 */
export function parseWeekTitle(text: string, schoolYear: number | null = null): string | null {
  if (typeof text !== 'string' || !WEEK_TITLE.test(foldText(text.slice(0, 80)))) return null;
  const date = parseDateInText(text);
  if (date !== null) return mondayOfDate(date);
  if (schoolYear === null) return null;
  const dayMonth = DAY_MONTH.exec(foldText(text.slice(0, 80)));
  if (!dayMonth) return null;
  const month = Number(dayMonth[2]);
  const dated = iso(month >= 8 ? schoolYear : schoolYear + 1, month, Number(dayMonth[1]));
  return dated === null ? null : mondayOfDate(dated);
}

const SCHOOL_YEAR = /(?<!\d)(20\d{2})\s*[-/\u2013]\s*(20\d{2}|\d{2})(?!\d)/;

/** The first year of a school year written near the top of a sheet ("Année 2024-2025", "2024/25"), or null. */
export function schoolYearOf(rows: readonly (readonly string[])[]): number | null {
  for (const row of rows.slice(0, 12)) {
    for (const cell of row.slice(0, 20)) {
      const match = SCHOOL_YEAR.exec(cell);
      if (!match) continue;
      const first = Number(match[1]);
      const second = Number(match[2]);
      if ((second < 100 ? 2000 + second : second) === first + 1) return first;
    }
  }
  return null;
}

export interface PlanningMonth {
  year: number;
  /** 1-12. */
  month: number;
}

const MONTH_WORDS = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');
const MONTH_YEAR = new RegExp(String.raw`(?<![a-z])(${MONTH_WORDS})\.?\s+(\d{4})(?!\d)`);
const MAX_MONTH_TITLE_LENGTH = 80;
const MONTH_SEARCH_ROWS = 60;

/** The month of a planning named by a title ("Planning de novembre 2022", "NOVEMBRE 2022", "oct. 2023"). */
export function parseMonthTitle(text: string): PlanningMonth | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_MONTH_TITLE_LENGTH) return null;
  const match = MONTH_YEAR.exec(foldText(text));
  const month = MONTHS.get(match?.[1] ?? '');
  const year = Number(match?.[2]);
  return month === undefined || year < 1990 || year > 2100 ? null : { year, month };
}

/** The nearest month title above a row (the title of a month planning printed week by week), or null. */
export function monthAbove(rows: readonly (readonly string[])[], row: number): PlanningMonth | null {
  for (let r = row - 1; r >= Math.max(0, row - MONTH_SEARCH_ROWS); r -= 1) {
    for (const cell of (rows[r] ?? []).slice(0, 20)) {
      const month = parseMonthTitle(cell);
      if (month !== null) return month;
    }
  }
  return null;
}

// "Lun 31", "LUN. 1er", "Mardi 12/09", "Jeu 12-09", "lundi 31 oct.": a weekday, its day number, maybe a month.
const DAY_NUMBER = /^[a-z]+\.?\s*(\d{1,2})(?:er)?(?:\s*[/.-]\s*(\d{1,2})|\s+([a-z]+)\.?)?$/;

function addMonths(year: number, month: number, delta: number): [number, number] {
  const index = year * 12 + (month - 1) + delta;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/**
 * The date of a day label written with its day number but without its year ("Lun 31", "Mar 1er", "Jeu
 * 12/09"), in a planning whose month (a title such as "Novembre 2022") or school year ("2022-2023") is known.
 * A day number alone is taken in that month, or in the month before or after (a week across two months),
 * whichever gives the weekday written; null when none does or nothing tells the year.
 */
export function datedDayLabel(
  text: string,
  context: { month: PlanningMonth | null; schoolYear: number | null },
): string | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_DAY_LABEL_LENGTH) return null;
  const label = parseDayLabel(text);
  if (label === null) return null;
  if (label.date !== null) return label.date;
  const match = DAY_NUMBER.exec(foldText(text));
  if (!match) return null;
  const day = Number(match[1]);
  const written = match[2] !== undefined ? Number(match[2]) : MONTHS.get(match[3] ?? '');
  if (match[3] !== undefined && written === undefined) return null;
  const candidates: [number, number][] = [];
  if (written !== undefined) {
    if (context.month !== null) {
      const { year } = context.month;
      candidates.push([year, written], [year - 1, written], [year + 1, written]);
    } else if (context.schoolYear !== null) {
      candidates.push([written >= 8 ? context.schoolYear : context.schoolYear + 1, written]);
    }
  } else if (context.month !== null) {
    const { year, month } = context.month;
    candidates.push([year, month], addMonths(year, month, -1), addMonths(year, month, 1));
  }
  for (const [year, month] of candidates) {
    const date = iso(year, month, day);
    if (date !== null && weekdayOfDate(date) === label.day) return date;
  }
  return null;
}
