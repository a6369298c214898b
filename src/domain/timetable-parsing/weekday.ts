import { foldText } from './text';
import type { DayOfWeek } from './types';

// spec part 2, point 5: French full or short names, or English ones, in any case, with or without accents.
const WEEKDAY_WORDS: ReadonlyMap<string, DayOfWeek> = new Map<string, DayOfWeek>([
  ['lundi', 1],
  ['lun', 1],
  ['monday', 1],
  ['mon', 1],
  ['mardi', 2],
  ['mar', 2],
  ['tuesday', 2],
  ['tue', 2],
  ['tues', 2],
  ['mercredi', 3],
  ['mer', 3],
  ['wednesday', 3],
  ['wed', 3],
  ['jeudi', 4],
  ['jeu', 4],
  ['thursday', 4],
  ['thu', 4],
  ['thur', 4],
  ['thurs', 4],
  ['vendredi', 5],
  ['ven', 5],
  ['friday', 5],
  ['fri', 5],
  ['samedi', 6],
  ['sam', 6],
  ['saturday', 6],
  ['sat', 6],
  ['dimanche', 7],
  ['dim', 7],
  ['sunday', 7],
  ['sun', 7],
]);

// Beyond the spec, the day names of the other languages schools write timetables in (family: grids and lists
// in Portuguese "Segunda..Sexta" — ist; Spanish "Lunes", German "Montag", Italian, Dutch): the long names,
// their first word ("segunda" of "segunda-feira") and the short names of 3 letters or more ("seg", "mie"),
// as the browsers' Intl data gives them through luxon's Info.weekdays. They are written here rather than
// asked of Intl at run time: building them costs ~80 ms of a cold worker, and some browsers ship reduced
// locale data; tests/unit/timetable-parsing-weekdays.test.ts checks this table against luxon. Two-letter
// abbreviations (German "Do", Dutch "ma") and short names that are French words starting a course ("Vie de
// classe": Spanish "vie", Portuguese "qui") are left out.
// prettier-ignore
export const OTHER_LANGUAGE_WEEKDAYS: ReadonlyMap<string, DayOfWeek> = new Map<string, DayOfWeek>([
  // Portuguese
  ['segunda', 1], ['seg', 1], ['terca', 2], ['ter', 2], ['quarta', 3], ['qua', 3], ['quinta', 4],
  ['sexta', 5], ['sex', 5], ['sabado', 6], ['sab', 6], ['domingo', 7], ['dom', 7],
  // Spanish
  ['lunes', 1], ['martes', 2], ['miercoles', 3], ['mie', 3], ['jueves', 4], ['jue', 4], ['viernes', 5],
  // German
  ['montag', 1], ['dienstag', 2], ['mittwoch', 3], ['donnerstag', 4], ['freitag', 5], ['samstag', 6],
  ['sonntag', 7],
  // Italian
  ['lunedi', 1], ['martedi', 2], ['mercoledi', 3], ['giovedi', 4], ['gio', 4], ['venerdi', 5], ['sabato', 6],
  ['domenica', 7],
  // Dutch
  ['maandag', 1], ['dinsdag', 2], ['woensdag', 3], ['donderdag', 4], ['vrijdag', 5], ['zaterdag', 6],
  ['zondag', 7],
]);

/** Short names of other languages that are left out (see above). */
export const NOT_A_WEEKDAY: ReadonlySet<string> = new Set(['vie', 'qui']);

/**
 * The weekday a header cell names, or null. The name must start the cell; what follows it (a dot, a date
 * such as "Lundi 08/09", a line break) is ignored.
 */
export function parseWeekday(text: string): DayOfWeek | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const match = /^([a-z]+)(?![a-z])/.exec(foldText(text.slice(0, 60)));
  if (!match?.[1]) return null;
  return WEEKDAY_WORDS.get(match[1]) ?? OTHER_LANGUAGE_WEEKDAYS.get(match[1]) ?? null;
}
