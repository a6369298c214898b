import { foldText } from '../text';
import { formatHhMm, parseTimeOfDay } from '../time-range';
import type { DayOfWeek } from '../types';

/**
 * What one cell of a list holds, judged from its text alone (never from the column's title): a date, a
 * date-time, a clock time, a weekday or a day pattern with periods, a person's name. Each reader below serves
 * a family of files named in its comment.
 */

// Weekday names and abbreviations in French, English, Portuguese, Spanish and German (folded, no accents).
// Written out rather than taken from Intl (luxon's Info.weekdays): the abbreviations real files use ("thur",
// "seg", "mie", "do") are not all Intl's, and the worker stays free of locale data.
const DAY_NAMES: readonly (readonly [DayOfWeek, readonly string[]])[] = [
  [1, ['lundi', 'lun', 'monday', 'mon', 'segunda', 'segunda-feira', 'seg', 'lunes', 'montag', 'mo']],
  [2, ['mardi', 'mar', 'tuesday', 'tue', 'tues', 'terca', 'terca-feira', 'ter', 'martes', 'dienstag', 'di']],
  [
    3,
    [
      'mercredi',
      'mer',
      'wednesday',
      'wed',
      'quarta',
      'quarta-feira',
      'qua',
      'miercoles',
      'mie',
      'mittwoch',
      'mi',
    ],
  ],
  [
    4,
    [
      'jeudi',
      'jeu',
      'thursday',
      'thu',
      'thur',
      'thurs',
      'quinta',
      'quinta-feira',
      'qui',
      'jueves',
      'jue',
      'donnerstag',
      'do',
    ],
  ],
  [5, ['vendredi', 'ven', 'friday', 'fri', 'sexta', 'sexta-feira', 'sex', 'viernes', 'vie', 'freitag', 'fr']],
  [6, ['samedi', 'sam', 'saturday', 'sat', 'sabado', 'sab', 'samstag', 'sonnabend', 'sa']],
  [7, ['dimanche', 'dim', 'sunday', 'sun', 'domingo', 'dom', 'sonntag', 'so']],
];
const DAY_WORD = new Map<string, DayOfWeek>(DAY_NAMES.flatMap(([day, names]) => names.map((n) => [n, day])));

// Day-pattern codes of university registrars and ERPs ("M", "TH", "MWF", "TTHS", "MTWRF"): two-letter codes
// first, so "TTHS" is T, TH, S.
const CODE_TWO: ReadonlyMap<string, DayOfWeek> = new Map<string, DayOfWeek>([
  ['th', 4],
  ['tu', 2],
  ['sa', 6],
  ['su', 7],
  // PeopleSoft-style pairs: "MoWe", "TuTh", "MoWeFr".
  ['mo', 1],
  ['we', 3],
  ['fr', 5],
]);
const CODE_ONE: ReadonlyMap<string, DayOfWeek> = new Map<string, DayOfWeek>([
  ['m', 1],
  ['t', 2],
  ['w', 3],
  ['r', 4],
  ['f', 5],
  ['s', 6],
  ['u', 7],
]);

function compactCodes(token: string): DayOfWeek[] | null {
  const days: DayOfWeek[] = [];
  let i = 0;
  while (i < token.length) {
    const two = CODE_TWO.get(token.slice(i, i + 2));
    if (two !== undefined) {
      days.push(two);
      i += 2;
      continue;
    }
    const one = CODE_ONE.get(token[i] ?? '');
    if (one === undefined) return null;
    days.push(one);
    i += 1;
  }
  return days.length > 0 && new Set(days).size === days.length ? days : null;
}

/** A weekday named by one word in any of the five languages ("Lundi", "Thur", "Segunda-feira", "Mi."). */
export function dayOfWord(word: string): DayOfWeek | null {
  const folded = foldText(word).replace(/[.,:]+$/, '');
  return DAY_WORD.get(folded) ?? null;
}

export interface DayGroup {
  days: DayOfWeek[];
  /** Period numbers written after the days ("T Th F  2", "F  6 7"); empty when there are none. */
  periods: number[];
}

/**
 * A day pattern: weekday names or registrar codes, optionally followed by period numbers, possibly several
 * groups ("M W  3  Th  9"). Family: ERP and registrar exports, timetable booklets ("MWF", "TTHS",
 * "T Th F  2", "Lun/Mer", "Segunda"). Null when any word is neither a day nor a period.
 */
export function parseDayPattern(text: string): DayGroup[] | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > 60) return null;
  const tokens = foldText(text)
    .split(/[\s,;/+&]+/)
    .filter((t) => t !== '' && t !== '-' && t !== 'et' && t !== 'and' && t !== 'e' && t !== 'y');
  if (tokens.length === 0) return null;
  const groups: DayGroup[] = [];
  let current: DayGroup | null = null;
  for (const token of tokens) {
    const range = /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(token);
    if (range) {
      if (current === null) return null;
      const from = Number(range[1]);
      const to = Number(range[2] ?? range[1]);
      if (from < 1 || to < from || to > 16) return null;
      for (let p = from; p <= to; p += 1) current.periods.push(p);
      continue;
    }
    const named = dayOfWord(token);
    const days = named !== null ? [named] : /^[a-z]{1,7}$/.test(token) ? compactCodes(token) : null;
    if (days === null) return null;
    if (current === null || current.periods.length > 0) {
      current = { days: [], periods: [] };
      groups.push(current);
    }
    current.days.push(...days);
  }
  return groups.length > 0 ? groups : null;
}

// ---------------------------------------------------------------------------------------------------------
// Dates and date-times.

export interface DateParts {
  date: string;
  /** Minutes after midnight, local time, when the cell carries a time. */
  minutes: number | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(z|[+-]\d{2}:?\d{2})?)?$/;
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[\s,]+(.+?))?$/;

/**
 * Which way a column writes its numeric dates: day first (Europe: "14/03/2022") unless one of its values has a
 * second number above 12 ("11/30/19": month first, as US exports write them).
 */
export type DateOrder = 'dmy' | 'mdy';

export function dateOrderOf(values: readonly string[]): DateOrder {
  let twelveHour = false;
  for (const value of values) {
    const folded = foldText(value);
    const match = NUMERIC.exec(folded);
    if (!match) continue;
    if (Number(match[2]) > 12 && Number(match[1]) <= 12) return 'mdy';
    if (Number(match[1]) > 12) return 'dmy';
    if (/\d\s?[ap]\.?m\b/.test(folded)) twelveHour = true;
  }
  // Undecided numbers with a 12-hour clock ("09/03/2018 02:00 PM"): a US export, month first.
  return twelveHour ? 'mdy' : 'dmy';
}

/**
 * A date or a date-time: ISO ("2019-02-05", "2019-02-05T12:30:00Z", with an offset: converted to the device's
 * local time, as calendar exports write UTC), numeric "14/03/2022", "1/04/2022", "09/03/2018 02:00 PM",
 * compact "20210301". Family: calendar exports (iCalendar-like SUMMARY/DTSTART sheets), planning lists with one
 * row per day, ERP date columns.
 */
export function parseDateCell(text: string, order: DateOrder = 'dmy'): DateParts | null {
  if (typeof text !== 'string' || text.length < 6 || text.length > 40) return null;
  const folded = foldText(text);
  const iso = ISO.exec(folded);
  if (iso) {
    const [, y, mo, d, h, mi, s, zone] = iso;
    if (h === undefined) {
      const date = validDate(Number(y), Number(mo), Number(d));
      return date === null ? null : { date, minutes: null };
    }
    if (zone !== undefined) {
      const instant = new Date(
        `${y}-${mo}-${d}T${pad(Number(h))}:${mi}:${s ?? '00'}${zone === 'z' ? 'Z' : zone.toUpperCase()}`,
      );
      if (Number.isNaN(instant.getTime())) return null;
      const date = validDate(instant.getFullYear(), instant.getMonth() + 1, instant.getDate());
      return date === null ? null : { date, minutes: instant.getHours() * 60 + instant.getMinutes() };
    }
    const date = validDate(Number(y), Number(mo), Number(d));
    const minutes = Number(h) * 60 + Number(mi);
    return date === null || Number(h) > 23 ? null : { date, minutes };
  }
  const worded = wordedDate(folded);
  if (worded !== null) return { date: worded, minutes: null };
  // "lundi 14/03/2022", "Mon, 2019-02-05": the weekday before the date says nothing more.
  const lead = /^([a-z-]+)[.,]?\s+(.+)$/.exec(folded);
  if (lead && dayOfWord(lead[1] ?? '') !== null) return parseDateCell(lead[2] ?? '', order);
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(folded);
  if (compact) {
    const date = validDate(Number(compact[1]), Number(compact[2]), Number(compact[3]));
    return date === null ? null : { date, minutes: null };
  }
  const numeric = NUMERIC.exec(folded);
  if (!numeric) return null;
  const [, a, b, yearText, rest] = numeric;
  const year = Number(yearText) + ((yearText ?? '').length === 2 ? 2000 : 0);
  const [day, month] = order === 'mdy' ? [Number(b), Number(a)] : [Number(a), Number(b)];
  const date = validDate(year, month, day);
  if (date === null) return null;
  if (rest === undefined) return { date, minutes: null };
  // "02:00 PM CEST": the zone name is dropped, the time is the one written.
  const minutes = parseTimeOfDay(rest.replace(/\s+(?!(?:am|pm)$)[a-z]{2,5}$/, ''));
  return minutes === null ? null : { date, minutes };
}

// Month names and abbreviations in French, English, Portuguese, Spanish and German (folded).
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['janvier', 'janv', 'january', 'jan', 'janeiro', 'enero', 'ene', 'januar', 'jan'],
  ['fevrier', 'fevr', 'fev', 'february', 'feb', 'fevereiro', 'febrero', 'februar'],
  ['mars', 'march', 'mar', 'marco', 'marzo', 'marz'],
  ['avril', 'avr', 'april', 'apr', 'abril', 'abr'],
  ['mai', 'may', 'maio', 'mayo'],
  ['juin', 'june', 'jun', 'junho', 'junio', 'juni'],
  ['juillet', 'juil', 'july', 'jul', 'julho', 'julio', 'juli'],
  ['aout', 'august', 'aug', 'agosto', 'ago'],
  ['septembre', 'sept', 'september', 'sep', 'setembro', 'set', 'septiembre'],
  ['octobre', 'oct', 'october', 'outubro', 'out', 'octubre', 'oktober', 'okt'],
  ['novembre', 'nov', 'november', 'novembro', 'noviembre'],
  ['decembre', 'dec', 'december', 'dezembro', 'dez', 'diciembre', 'dic', 'dezember'],
];
const MONTH_OF = new Map<string, number>(MONTH_NAMES.flatMap((names, i) => names.map((n) => [n, i + 1])));

/** "14 mars 2022", "14 de março de 2022", "14. März 2022", "March 14, 2022" (folded text) -> ISO date. */
function wordedDate(folded: string): string | null {
  const dayFirst = /^(\d{1,2})(?:er|\.|º|o)?\s+(?:de\s+)?([a-z]+)\.?,?\s+(?:de\s+)?(\d{4})$/.exec(folded);
  if (dayFirst) {
    const month = MONTH_OF.get(dayFirst[2] ?? '');
    return month === undefined ? null : validDate(Number(dayFirst[3]), month, Number(dayFirst[1]));
  }
  const monthFirst = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(folded);
  if (monthFirst) {
    const month = MONTH_OF.get(monthFirst[1] ?? '');
    return month === undefined ? null : validDate(Number(monthFirst[3]), month, Number(monthFirst[2]));
  }
  return null;
}

export function weekdayOf(date: string): DayOfWeek {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as DayOfWeek;
}

export function mondayOf(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - (weekdayOf(date) - 1));
  return at.toISOString().slice(0, 10);
}

/** A clock time alone in a cell ("9:00:00 AM", "14h30", "08:00"), or compact "0800" when allowed. */
export function parseClockCell(text: string, allowCompact = false): number | null {
  const marked = parseTimeOfDay(text);
  if (marked !== null) return marked;
  if (!allowCompact) return null;
  const compact = /^([01]\d|2[0-3])([0-5]\d)$/.exec(text.trim());
  return compact ? Number(compact[1]) * 60 + Number(compact[2]) : null;
}

/** "2h", "1h30", "1:30", "90 min", "2 heures", "1.5 h" -> minutes; a bare number only when allowed. */
export function parseDurationCell(text: string, allowBare = false): number | null {
  const folded = foldText(text);
  const hm = /^(\d{1,2})\s*(?:h|:)\s*(\d{2})?$/.exec(folded);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2] ?? 0);
  const decimal = /^(\d{1,2}(?:[.,]\d{1,2})?)\s*(?:h|hours?|heures?|horas?|stunden?|hrs?)$/.exec(folded);
  if (decimal) return Math.round(Number((decimal[1] ?? '').replace(',', '.')) * 60);
  const minutes = /^(\d{1,3})\s*(?:min|mn|mins|minutes?|minutos?|minuten)$/.exec(folded);
  if (minutes) return Number(minutes[1]);
  return allowBare && /^\d{2,3}$/.test(folded) ? Number(folded) : null;
}

export const formatMinutes = formatHhMm;

// ---------------------------------------------------------------------------------------------------------
// Names.

const TITLES = /^(?:dr|dra|prof|pr|mr|mrs|ms|mme|mlle|m|sr|sra|herr|frau|mx)\.?\s+/i;
const PARTICLES = new Set([
  'de',
  'da',
  'das',
  'do',
  'dos',
  'van',
  'von',
  'der',
  'den',
  'del',
  'la',
  'le',
  'di',
  'bin',
  'ben',
  'al',
  'el',
  'y',
  'e',
]);
// Words of course titles, never of a person's name (French, English, Portuguese, Spanish, German): they tell a
// capitalised course title ("BIOLOGICAL LABORATORY") from a capitalised name in ERP exports.
const COURSE_WORDS =
  /^(?:lab|labs|laboratory|laboratoire|laboratorio|labor|biology|biological|biologie|biologia|chemistry|chemical|chimie|quimica|chemie|physics|physique|fisica|physik|math|maths|mathematics|mathematiques|matematica|matematicas|mathematik|statistics|statistiques|statistik|estatistica|estadistica|probability|design|theory|theo|introduction|intro|engineering|analysis|analyse|programming|programmation|programacao|management|gestion|science|sciences|ciencias|systems|systemes|english|anglais|ingles|englisch|french|francais|history|histoire|historia|geschichte|economics|economie|economia|workshop|atelier|seminar|seminaire|uebung|ubung|vorlesung|project|projet|projeto|proyecto|practical|practicum|tutorial|lecture|cours|course|curso|td|tp|cm|communication|computer|computing|data|network|networks|reseaux|digital|electrical|electronics|mechanics|mechanical|thermodynamics|structures|materials|general|advanced|applied|principles|fundamentals|techniques|technology|technologie|writing|report|languages|language|literature|law|droit|finance|accounting|marketing|biochemistry|genetics|microbiology|ecology|environmental|algebra|calculus|geometry|sport|education|health|i|ii|iii|iv)$/;
const FUNCTION_WORDS =
  /^(?:of|and|the|for|in|to|on|with|a|an|du|des|et|au|aux|pour|en|sur|les|un|une|dans|para|com|em|no|na|los|las|con|und|fur|mit|im|zur|zum|am|vs)$/;

/**
 * How much a cell looks like a person's name: 2 to 5 words, letters only, each capitalised or in capitals
 * (name particles aside), no function word or course word. Titles ("Dr", "M.", "Mme"), a trailing dot and a
 * status in brackets ("(RS)") are ignored. Family: teacher columns of every list (ERP "Display Name", planning
 * "Formateur", booklets' instructor column).
 */
export function looksLikePersonName(text: string): boolean {
  const clean = stripPersonDecorations(text);
  if (clean.length < 4 || clean.length > 60 || /\d/.test(clean)) return false;
  const words = clean.split(/\s+/).filter((w) => w !== '');
  if (words.length < 2 || words.length > 5) return false;
  let named = 0;
  for (const word of words) {
    const folded = foldText(word).replace(/[.,]$/, '');
    if (FUNCTION_WORDS.test(folded) || COURSE_WORDS.test(folded) || SESSION_TYPES.test(folded)) return false;
    if (PARTICLES.has(folded)) continue;
    if (!/^\p{Lu}[\p{L}'’.-]*$/u.test(word)) return false;
    named += 1;
  }
  return named >= 2 || (named === 1 && words.length >= 2 && TITLES.test(text.trim()));
}

/** "Dr Robin Lovelace" -> "Robin Lovelace"; "NILESH DAHIBHATE ." -> "NILESH DAHIBHATE"; "Ravi(RS)" -> "Ravi". */
export function stripPersonDecorations(text: string): string {
  return text
    .replace(/\([^)]{0,12}\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(TITLES, '')
    .replace(/[\s.,;]+$/, '')
    .trim();
}

/**
 * A marker rather than a name: only punctuation ("---", "--"), or text behind two dashes or more ("-- Pâques",
 * "----- Congés"). Family: hand-kept plannings of training centres, where dashes mark holidays and absences.
 */
export function isMarker(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || /^[\p{P}\p{S}\s]+$/u.test(trimmed) || /^[-–—_=*]{2,}/.test(trimmed);
}

// A session type written where the course title goes, for the sections of the course above it. Family:
// timetable booklets that write the course once and its "Tutorial" / "Practical" / "TD" sections below.
const SESSION_TYPES =
  /^(?:tutorial|tutorials|tut|practical|practicals|lab|labs|laboratory|lecture|lectures|seminar|td|tp|cm|ed|cours|cours magistral|travaux diriges|travaux pratiques|pratica|practica|aula|teorica|teorico|ubung|uebung|vorlesung|praktikum)$/;

export function isSessionType(text: string): boolean {
  return SESSION_TYPES.test(foldText(text).replace(/[.:]$/, ''));
}

/** A teacher named inside a longer text: "…, taught by: Dr Robin Lovelace", "Intervenant : M. Diallo". */
const TEACHER_IN_TEXT =
  /(?:taught by|teacher|lecturer|instructor|tutor|enseignant(?:e)?|professeur|intervenant(?:e)?|formateur|formatrice|docente|profesor(?:a)?|professor(?:a)?|lehrer(?:in)?|dozent(?:in)?)\s*:\s*([^,;\n()]{3,60})/i;

export function teacherInText(text: string): string | null {
  const match = TEACHER_IN_TEXT.exec(text);
  if (!match?.[1]) return null;
  const name = stripPersonDecorations(match[1]);
  return name === '' ? null : name;
}
