import { parseCellText, type KnownNames } from '../cell-text';
import { nameAbove } from '../detect-layout';
import type { MinuteRange } from '../grid-reader';
import { cleanText, foldText } from '../text';
import { minutesOf, parseTimeRange } from '../time-range';
import type { DayOfWeek, ParsedTable } from '../types';
import { tablesOfCourses, type ListCourse } from './build-tables';
import {
  dateOrderOf,
  isMarker,
  isSessionType,
  looksLikePersonName,
  mondayOf,
  parseClockCell,
  parseDateCell,
  parseDayPattern,
  parseDurationCell,
  stripPersonDecorations,
  teacherInText,
  weekdayOf,
  type DateOrder,
  type DayGroup,
} from './values';

/**
 * Lists as first-class (issue 30, item 2): a table with one course per line, recognised from what its
 * columns hold (dates, date-times, clock times, ranges, day patterns, weekday and period numbers, durations,
 * names), in French, English, Portuguese, Spanish and German. Column titles only break ties between columns
 * whose contents fit a role equally (a "Formateur" column beside a course title). Families served:
 * - calendar-style exports: SUMMARY / DESCRIPTION / DTSTART / DTEND / LOCATION with ISO or US date-times;
 * - ERP and registrar exports: one line per instructor of a section, day codes ("MWF", "TTHS"), 12-hour
 *   times, course codes and sections;
 * - timetable booklets: a course written once over its sections, day letters followed by period numbers;
 * - student course lists: weekday numbers 1-7, first and last period numbers, a period-to-time table beside;
 * - plannings with one line per calendar day and whole-day sessions (holiday markers skipped).
 */

export interface ListContext {
  /** Period label -> its times, from a bell schedule found anywhere in the workbook ("1" -> 8:00-8:55). */
  bell: ReadonlyMap<string, MinuteRange>;
  known: KnownNames;
}

/** Hours of a course whose line gives a day and no time (a whole-day session of a training planning). */
export const WHOLE_DAY: MinuteRange = { start: 9 * 60, end: 17 * 60 };
/**
 * Period n of a file that numbers its periods without printing their times, and gives no period table:
 * n-th hour from 8:00, 50 minutes (the usual university hour). Said in README (Importer un emploi du temps).
 */
export function defaultPeriod(period: number): MinuteRange {
  const start = 8 * 60 + (period - 1) * 60;
  return { start, end: start + 50 };
}

const SAMPLE = 400;
const MIN_SHARE = 0.6;

type Role =
  'module' | 'teacher' | 'room' | 'class' | 'code' | 'description' | 'id' | 'day' | 'period' | 'duration';
// Column titles in the five languages (and the iCalendar property names): only a tie-breaker.
const HINTS: readonly [Role, RegExp][] = [
  ['duration', /(?:duree|duration|dauer|duracion|duracao|nb heures|nombre d'heures|hours)/],
  ['id', /(?:\bid\b|\buid\b|\bnbr\b|\bno\b|\bn°|\bnum(?:ero|ber)?\b|\bcod(?:e|igo)?\b|\bcatalog)/],
  ['description', /(?:description|descricao|descripcion|beschreibung|remarque|comment|observation|notes?\b)/],
  [
    'teacher',
    /(?:enseignant|professeur|\bprof\b|intervenant|format(?:eur|rice)|teacher|instructor|lecturer|tutor|staff|faculty|docente|professor|profesor|maestro|lehrer|lehrkraft|dozent|教师|老师)/,
  ],
  [
    'module',
    /(?:matiere|module|cours|course|subject|title|titre|intitule|enseignement|discipline|disciplina|asignatura|materia|\bfach\b|kurs|veranstaltung|summary|lecon|课程|\bue\b|\bobjet\b|\bsujet\b|assunto|asunto|betreff|\btitel\b|\bevent)/,
  ],
  [
    'room',
    /(?:salle|room|\blocal\b|\blieu\b|location|\bsala\b|\braum\b|\baula\b|venue|地点|building|batiment)/,
  ],
  ['class', /(?:classe|section|\bsec\b|groupe|\bgroup|grupo|turma|gruppe|klasse|promo|division|cohort|班)/],
  ['day', /(?:jour|\bday|\bdia\b|\bdias\b|\btag\b|wochentag|pattern|星期)/],
  ['period', /(?:periode|period|seance|creneau|节)/],
];

function hintOf(title: string): Role | null {
  const folded = foldText(title);
  if (folded === '') return null;
  for (const [role, pattern] of HINTS) if (pattern.test(folded)) return role;
  return null;
}

interface ColumnKinds {
  column: number;
  filled: number;
  date: number;
  dateTime: number;
  clock: number;
  range: number;
  pattern: number;
  patternPeriods: number;
  int: number;
  intMax: number;
  intMin: number;
  distinctInts: number;
  duration: number;
  person: number;
  marker: number;
  letters: number;
  codeLike: number;
  averageLength: number;
  averageWords: number;
  distinct: number;
  order: DateOrder;
  hint: Role | null;
}

const CODE_LIKE = /^[\p{Lu}\d][\p{Lu}\d-]{0,5}(?: [\p{Lu}\d-]{1,6})?$/u;

function kindsOf(rows: readonly string[][], from: number, column: number, hint: Role | null): ColumnKinds {
  const values: string[] = [];
  for (let r = from; r < rows.length && values.length < SAMPLE; r += 1) {
    const text = rows[r]?.[column] ?? '';
    if (text !== '') values.push(text);
  }
  const order = dateOrderOf(values);
  const kinds: ColumnKinds = {
    column,
    filled: values.length,
    date: 0,
    dateTime: 0,
    clock: 0,
    range: 0,
    pattern: 0,
    patternPeriods: 0,
    int: 0,
    intMax: 0,
    intMin: Number.POSITIVE_INFINITY,
    distinctInts: 0,
    duration: 0,
    person: 0,
    marker: 0,
    letters: 0,
    codeLike: 0,
    averageLength: 0,
    averageWords: 0,
    distinct: new Set(values).size,
    order,
    hint,
  };
  const ints = new Set<number>();
  let length = 0;
  let words = 0;
  for (const text of values) {
    length += text.length;
    words += text.split(/\s+/).length;
    const date = parseDateCell(text, order);
    if (date !== null) {
      kinds.date += 1;
      if (date.minutes !== null) kinds.dateTime += 1;
      continue;
    }
    if (parseTimeRange(text) !== null) kinds.range += 1;
    else if (parseClockCell(text) !== null) kinds.clock += 1;
    if (/^\d{1,2}$/.test(text)) {
      const n = Number(text);
      kinds.int += 1;
      kinds.intMax = Math.max(kinds.intMax, n);
      kinds.intMin = Math.min(kinds.intMin, n);
      ints.add(n);
      continue;
    }
    const pattern = parseDayPattern(text);
    if (pattern !== null) {
      kinds.pattern += 1;
      if (pattern.some((g) => g.periods.length > 0)) kinds.patternPeriods += 1;
    }
    if (parseDurationCell(text) !== null) kinds.duration += 1;
    if (isMarker(text)) kinds.marker += 1;
    if (/\p{L}/u.test(text)) kinds.letters += 1;
    if (looksLikePersonName(text)) kinds.person += 1;
    if (CODE_LIKE.test(text.trim())) kinds.codeLike += 1;
  }
  kinds.distinctInts = ints.size;
  kinds.averageLength = values.length > 0 ? length / values.length : 0;
  kinds.averageWords = values.length > 0 ? words / values.length : 0;
  return kinds;
}

const share = (count: number, kinds: ColumnKinds) => (kinds.filled === 0 ? 0 : count / kinds.filled);

/** The columns of a list and what each holds; null when the block is not a list. */
interface ListPlan {
  firstRow: number;
  headerRow: number;
  dateStart: number | null;
  dateEnd: number | null;
  dateOrder: DateOrder;
  pattern: number | null;
  weekday: number | null;
  range: number | null;
  clockStart: number | null;
  clockEnd: number | null;
  duration: number | null;
  periodStart: number | null;
  periodEnd: number | null;
  module: number;
  teacher: number | null;
  description: number | null;
  room: number | null;
  section: number | null;
  codes: number[];
}

function headerHints(rows: readonly string[][], firstRow: number, columns: readonly number[]) {
  const hints = new Map<number, Role | null>();
  for (const c of columns) {
    let hint: Role | null = null;
    for (let r = firstRow - 1; r >= Math.max(0, firstRow - 2) && hint === null; r -= 1) {
      hint = hintOf(rows[r]?.[c] ?? '');
    }
    hints.set(c, hint);
  }
  return hints;
}

/** First line holding data: below the last title line of the top rows (a row of texts none of which is typed). */
function firstDataRow(rows: readonly string[][], columns: readonly number[]): number {
  let first = 0;
  for (let r = 0; r < Math.min(rows.length, 12); r += 1) {
    const cells = columns.map((c) => rows[r]?.[c] ?? '').filter((t) => t !== '');
    if (cells.length === 0) {
      if (r === first) first = r + 1;
      continue;
    }
    const typed = cells.some(
      (t) =>
        parseDateCell(t) !== null ||
        parseClockCell(t) !== null ||
        parseTimeRange(t) !== null ||
        /^\d+$/.test(t) ||
        (parseDayPattern(t) !== null && t.trim().length >= 2 && t.length <= 12),
    );
    if (!typed) first = r + 1;
    else break;
  }
  return first;
}

function planList(rows: readonly string[][], columns: readonly number[]): ListPlan | null {
  const firstRow = firstDataRow(rows, columns);
  if (firstRow >= rows.length - 1) return null;
  const hints = headerHints(rows, firstRow, columns);
  const kinds = columns
    .map((c) => kindsOf(rows, firstRow, c, hints.get(c) ?? null))
    .filter((k) => k.filled >= 1);
  const taken = new Set<number>();
  const take = (k: ColumnKinds | undefined) => {
    if (k === undefined) return null;
    taken.add(k.column);
    return k.column;
  };
  const free = () => kinds.filter((k) => !taken.has(k.column));
  const maxFilled = Math.max(0, ...kinds.map((k) => k.filled));

  // Dates and date-times: filled on most lines (an exam date on a few lines is not the course's day).
  const dated = kinds.filter((k) => share(k.date, k) >= MIN_SHARE && k.filled >= maxFilled * 0.5);
  const dateTimes = dated.filter((k) => share(k.dateTime, k) >= MIN_SHARE);
  let dateStart: number | null = null;
  let dateEnd: number | null = null;
  if (dateTimes.length > 0) {
    dateStart = take(dateTimes[0]);
    dateEnd = take(dateTimes[1]);
  }
  const patterns = kinds.filter((k) => share(k.pattern, k) >= MIN_SHARE && k.distinct >= 2);
  const pattern = take(patterns.sort((a, b) => b.patternPeriods - a.patternPeriods)[0]);
  if (dateStart === null && pattern === null) {
    const dates = dated.filter((k) => !taken.has(k.column) && k.filled >= maxFilled * 0.8);
    dateStart = take(dates[0]);
  }
  const order = kinds.find((k) => k.column === dateStart)?.order ?? 'dmy';

  const ranges = free().filter((k) => share(k.range, k) >= MIN_SHARE);
  const range = dateEnd === null ? take(ranges[0]) : null;
  const clocks = free().filter((k) => share(k.clock, k) >= MIN_SHARE);
  const clockStart = dateEnd === null && range === null ? take(clocks[0]) : null;
  const clockEnd = clockStart !== null ? take(clocks[1]) : null;
  // A duration in minutes or hours without a unit ("90", "2") only under a duration title.
  const durations = free().filter((k) => share(k.duration, k) >= MIN_SHARE || k.hint === 'duration');
  const duration = clockStart !== null && clockEnd === null ? take(durations[0]) : null;

  // Numbers: first and last period (a pair, the last never before the first, a few periods apart), weekday
  // numbers 1-7.
  const ints = free().filter((k) => share(k.int, k) >= 0.8 && k.intMin >= 0 && k.intMax <= 16);
  let periodStart: number | null = null;
  let periodEnd: number | null = null;
  const needTime = dateEnd === null && range === null && clockStart === null;
  if (needTime) {
    let best = Number.POSITIVE_INFINITY;
    for (const a of ints) {
      for (const b of ints) {
        if (b.column <= a.column || a.intMin < 1 || b.distinctInts < 2) continue;
        let spread = 0;
        let fits = true;
        for (let r = firstRow; r < rows.length && fits; r += 1) {
          const x = rows[r]?.[a.column] ?? '';
          const y = rows[r]?.[b.column] ?? '';
          if (x === '' && y === '') continue;
          const gap = Number(y) - Number(x);
          if (!/^\d+$/.test(x) || !/^\d+$/.test(y) || gap < 0 || gap > 4) fits = false;
          spread += gap;
        }
        if (fits && spread < best) {
          best = spread;
          periodStart = a.column;
          periodEnd = b.column;
        }
      }
    }
    if (periodStart !== null) {
      taken.add(periodStart);
      if (periodEnd !== null) taken.add(periodEnd);
    }
  }
  let weekday: number | null = null;
  if (dateStart === null && pattern === null) {
    const days = free().filter(
      (k) => share(k.int, k) >= 0.8 && k.intMin >= 1 && k.intMax <= 7 && k.distinctInts >= 2,
    );
    weekday = take(days.find((k) => k.hint === 'day') ?? days[0]);
    if (periodStart === null && needTime) {
      const single = free().find((k) => share(k.int, k) >= 0.8 && k.intMin >= 1 && k.hint === 'period');
      periodStart = take(single);
    }
  }
  const hasDay = dateStart !== null || pattern !== null || weekday !== null;
  const patternHasPeriods = kinds.some((k) => k.column === pattern && k.patternPeriods > 0);
  const hasTime =
    dateEnd !== null ||
    range !== null ||
    clockStart !== null ||
    periodStart !== null ||
    patternHasPeriods ||
    (dateStart !== null && dateTimes.length === 0);
  if (!hasDay || !hasTime) return null;

  // Texts: the teacher, the course, the room, the section and the course code.
  // A booklet writes the course title once over its sections: one value is enough for a titled column.
  const texts = free().filter((k) => share(k.letters, k) >= 0.5 && (k.filled >= 2 || k.hint === 'module'));
  const personScore = (k: ColumnKinds) =>
    share(k.person, k) + (k.hint === 'teacher' ? 0.5 : 0) - (k.hint !== null && k.hint !== 'teacher' ? 1 : 0);
  const teachers = texts.filter((k) => personScore(k) >= 0.5).sort((a, b) => personScore(b) - personScore(a));
  const moduleScore = (k: ColumnKinds) =>
    (k.hint === 'module' ? 2 : 0) +
    (k.averageWords >= 1.5 ? 1 : 0) +
    (k.averageLength > 70 ? -2 : 0) +
    (share(k.codeLike, k) >= 0.6 ? -2 : 0) +
    (k.hint === 'id' || k.hint === 'description' || k.hint === 'room' || k.hint === 'class' ? -2 : 0) -
    share(k.person, k) +
    (share(k.marker, k) > 0.5 ? -2 : 0);
  const modules = texts
    .filter((k) => k !== teachers[0] || teachers.length === 0)
    .sort((a, b) => moduleScore(b) - moduleScore(a) || a.column - b.column);
  let moduleKinds = modules.find((k) => k.column !== teachers[0]?.column);
  // Two columns of names: the course title is the one that does not change between the lines of one
  // section (ERP exports repeat the section once per instructor).
  if (moduleKinds !== undefined && teachers[0] !== undefined && moduleScore(moduleKinds) < 1) {
    moduleKinds = modules[0];
  }
  const module = take(moduleKinds);
  if (module === null) return null;
  const teacherKinds = free().find((k) => teachers.includes(k));
  const teacher = take(teacherKinds);
  const description = take(free().find((k) => k.hint === 'description'));
  const rooms = free().filter((k) => k.hint === 'room');
  const room = take(rooms[0]);
  const sections = free().filter(
    (k) => k.hint === 'class' && share(k.letters, k) >= 0.5 && k.averageLength <= 24,
  );
  const section = take(sections[0]);
  // Course codes: short codes left of the course title, the same on every line of one course ("BIO F110").
  const codes: number[] = [];
  const isCode = (c: number) => {
    const k = columns.includes(c) ? kindsOf(rows, firstRow, c, hints.get(c) ?? null) : undefined;
    return (
      k !== undefined &&
      k.filled > 0 &&
      !taken.has(c) &&
      share(k.codeLike, k) >= 0.6 &&
      share(k.letters, k) >= 0.6 &&
      k.hint !== 'class' &&
      k.hint !== 'room'
    );
  };
  // A booklet writes a course's code once, over all its sections: one value is enough here.
  for (let c = module - 1; c >= 0 && isCode(c); c -= 1) codes.unshift(c);
  // Else the codes just right of the course title ("Asignatura | Código").
  if (codes.length === 0) for (let c = module + 1; isCode(c); c += 1) codes.push(c);
  return {
    firstRow,
    headerRow: Math.max(0, firstRow - 1),
    dateStart,
    dateEnd,
    dateOrder: order,
    pattern,
    weekday,
    range,
    clockStart,
    clockEnd,
    duration,
    periodStart,
    periodEnd,
    module,
    teacher,
    description,
    room,
    section,
    codes,
  };
}

/** A period-to-time table beside the list ("1 | 0800 | 0845"): period numbers 1..n and their times. */
function bellTable(rows: readonly string[][], columns: readonly number[]): Map<string, MinuteRange> {
  const bell = new Map<string, MinuteRange>();
  for (let i = 0; i < columns.length; i += 1) {
    const c = columns[i] ?? -1;
    const found = new Map<string, MinuteRange>();
    for (const row of rows) {
      const label = row[c] ?? '';
      if (!/^\d{1,2}$/.test(label)) continue;
      const next = row[c + 1] ?? '';
      const range = parseTimeRange(next);
      if (range !== null) {
        found.set(String(Number(label)), {
          start: minutesOf(range.startTime),
          end: minutesOf(range.endTime),
        });
        continue;
      }
      const start = parseClockCell(next, true);
      const end = parseClockCell(row[c + 2] ?? '', true);
      if (start !== null && end !== null && end > start) found.set(String(Number(label)), { start, end });
    }
    if (found.size >= 3 && found.has('1')) return found;
  }
  return bell;
}

/** Column blocks separated by empty columns (a list and, beside it, its period table). */
function columnBlocks(rows: readonly string[][]): number[][] {
  const width = Math.min(60, Math.max(0, ...rows.map((row) => row.length)));
  const blocks: number[][] = [];
  let current: number[] = [];
  for (let c = 0; c < width; c += 1) {
    const used = rows.some((row) => (row[c] ?? '') !== '');
    if (used) current.push(c);
    else if (current.length > 0) {
      blocks.push(current);
      current = [];
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

/** A time axis across the top (a grid's header of hours): such a sheet is a grid, not a list. */
function hasTimeAxisAcross(rows: readonly string[][], until: number): boolean {
  for (let r = 0; r <= Math.min(until, 12); r += 1) {
    const times = (rows[r] ?? []).filter((t) => parseTimeRange(t) !== null || parseClockCell(t) !== null);
    if (times.length >= 3) return true;
  }
  return false;
}

interface ListSheet {
  sheetName: string;
  rows: string[][];
}

/** A duration cell: with its unit, or a bare number (up to 8: hours, else minutes) under a duration title. */
function durationOf(text: string): number | null {
  const marked = parseDurationCell(text);
  if (marked !== null) return marked;
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= 0 ? null : n <= 8 ? n * 60 : n;
}

/** The courses of one line of a planned list (one per day of its pattern). */
function coursesOfLine(
  rows: readonly string[][],
  r: number,
  plan: ListPlan,
  carried: { module: string; codes: string },
  bell: ReadonlyMap<string, MinuteRange>,
  className: string,
): ListCourse[] | null {
  const at = (c: number | null) => (c === null ? '' : (rows[r]?.[c] ?? ''));
  // Days and weeks.
  let days: { day: DayOfWeek; periods: number[] }[] = [];
  let week: string | null = null;
  let start: number | null = null;
  let end: number | null = null;
  if (plan.dateStart !== null) {
    const date = parseDateCell(at(plan.dateStart), plan.dateOrder);
    if (date === null) return null;
    days = [{ day: weekdayOf(date.date), periods: [] }];
    week = mondayOf(date.date);
    start = date.minutes;
    if (plan.dateEnd !== null) {
      const until = parseDateCell(at(plan.dateEnd), plan.dateOrder);
      end = until !== null && until.date === date.date ? until.minutes : null;
    }
  } else if (plan.pattern !== null) {
    const groups: DayGroup[] | null = parseDayPattern(at(plan.pattern));
    if (groups === null) return null;
    days = groups.flatMap((g) => g.days.map((day) => ({ day, periods: g.periods })));
  } else if (plan.weekday !== null) {
    const n = Number(at(plan.weekday));
    if (!Number.isInteger(n) || n < 1 || n > 7) return null;
    days = [{ day: n as DayOfWeek, periods: [] }];
  }
  if (days.length === 0) return null;

  // Times.
  const periodTimes = (periods: readonly number[]) => {
    if (periods.length === 0) return null;
    const first = bell.get(String(Math.min(...periods))) ?? defaultPeriod(Math.min(...periods));
    const last = bell.get(String(Math.max(...periods))) ?? defaultPeriod(Math.max(...periods));
    return { start: first.start, end: last.end };
  };
  let wholeDay = false;
  if (plan.dateEnd === null) {
    if (plan.range !== null) {
      const range = parseTimeRange(at(plan.range));
      if (range !== null) {
        start = minutesOf(range.startTime);
        end = minutesOf(range.endTime);
      }
    } else if (plan.clockStart !== null) {
      start = parseClockCell(at(plan.clockStart));
      end = plan.clockEnd !== null ? parseClockCell(at(plan.clockEnd)) : null;
      const minutes = plan.duration !== null ? durationOf(at(plan.duration)) : null;
      if (start !== null && end === null && minutes !== null) end = start + minutes;
    } else if (plan.periodStart !== null) {
      const first = Number(at(plan.periodStart));
      const last = plan.periodEnd !== null ? Number(at(plan.periodEnd)) : first;
      const times = first >= 1 && last >= first ? periodTimes([first, last]) : null;
      start = times?.start ?? null;
      end = times?.end ?? null;
    } else if (plan.dateStart !== null && start === null) {
      wholeDay = true;
    }
  }
  const patternTimed = plan.pattern !== null && days.some((d) => d.periods.length > 0);
  if (!wholeDay && !patternTimed && (start === null || end === null || end <= start)) return null;

  // Texts: a blank course under a course (or a session type in its place) is the course above.
  const hasOwnTime = !wholeDay;
  // A course cell may hold the whole course ("Droit fiscal\nM. Sy\n204") when no column names the teacher.
  const whole =
    plan.teacher === null && plan.description === null ? parseCellText(at(plan.module))[0] : undefined;
  let moduleText = cleanText(whole?.moduleName ?? at(plan.module));
  // Only a line with texts of its own (a section, a teacher, a room) continues the course above.
  const ownTexts = [plan.section, plan.teacher, plan.room].some((c) => c !== null && !isMarker(at(c)));
  if (hasOwnTime && ownTexts && (moduleText === '' || isSessionType(moduleText))) moduleText = carried.module;
  else if (moduleText !== '' && !isMarker(moduleText)) {
    carried.module = moduleText;
    carried.codes = '';
  }
  if (moduleText === '' || isMarker(moduleText)) return null;
  const codeText = plan.codes
    .map((c) => cleanText(at(c)))
    .filter((t) => t !== '')
    .join(' ');
  if (codeText !== '') carried.codes = codeText;
  const codes = codeText !== '' ? codeText : carried.codes;
  const teacherCell = at(plan.teacher);
  let teacherName = isMarker(teacherCell) ? '' : stripPersonDecorations(teacherCell);
  if (teacherName === '' && plan.description !== null)
    teacherName = teacherInText(at(plan.description)) ?? '';
  if (teacherName === '' && whole !== undefined) teacherName = whole.teacherName;
  const room = isMarker(at(plan.room)) ? (whole?.room ?? '') : cleanText(at(plan.room));
  const section = cleanText(at(plan.section));
  const lineClass = section !== '' ? cleanText(`${codes} ${section}`) : className;

  return days.map(({ day, periods }) => {
    const times = periodTimes(periods);
    const from = times?.start ?? (wholeDay ? WHOLE_DAY.start : (start ?? 0));
    const to = times?.end ?? (wholeDay ? WHOLE_DAY.end : (end ?? 0));
    return {
      className: lineClass,
      moduleName: moduleText,
      teacherName,
      ...(room !== '' ? { room } : {}),
      day,
      start: from,
      end: to,
      week,
      sourceRow: r,
      sourceColumn: plan.module,
    };
  });
}

/**
 * Reads a sheet as a list of courses, or answers null when it is not one (a grid, a legend, too few
 * courses): the grid reader then takes it.
 */
export function readListSheet(sheet: ListSheet, context: ListContext): ParsedTable[] | null {
  const rows = sheet.rows;
  if (rows.length < 2) return null;
  const blocks = columnBlocks(rows);
  const bell = new Map(context.bell);
  for (const block of blocks) for (const [k, v] of bellTable(rows, block)) if (!bell.has(k)) bell.set(k, v);
  const tables: ParsedTable[] = [];
  for (const block of blocks) {
    if (block.length < 2) continue;
    const plan = planList(rows, block);
    if (plan === null || hasTimeAxisAcross(rows, plan.firstRow)) continue;
    // The class of a list without a section column: a "Classe :" label or the title above, else the sheet.
    const naming = nameAbove(rows, plan.headerRow, sheet.sheetName, { titles: new Set() });
    const className = naming.className;
    const courses: ListCourse[] = [];
    const carried = { module: '', codes: '' };
    let lines = 0;
    let read = 0;
    for (let r = plan.firstRow; r < rows.length; r += 1) {
      const moduleCell = rows[r]?.[plan.module] ?? '';
      if (moduleCell !== '' && !isMarker(moduleCell)) lines += 1;
      const found = coursesOfLine(rows, r, plan, carried, bell, className);
      if (found === null) continue;
      if (moduleCell !== '') read += 1;
      courses.push(...found);
    }
    // A list reads most of its lines; a grid that happens to have a day and a time column does not.
    if (courses.length < 2 || read < lines * 0.5) continue;
    const source = plan.section !== null ? 'list' : naming.source;
    tables.push(
      ...tablesOfCourses(courses, cleanText(sheet.sheetName), source, plan.headerRow, plan.clockStart ?? -1),
    );
  }
  return tables.length > 0 ? tables : null;
}
