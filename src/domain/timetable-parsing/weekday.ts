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

/**
 * The weekday a header cell names, or null. The name must start the cell; what follows it (a dot, a date
 * such as "Lundi 08/09", a line break) is ignored.
 */
export function parseWeekday(text: string): DayOfWeek | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const match = /^([a-z]+)(?![a-z])/.exec(foldText(text.slice(0, 60)));
  if (!match?.[1]) return null;
  return WEEKDAY_WORDS.get(match[1]) ?? null;
}
