import type { Level } from '../store/schema';
import { DAYS_OF_WEEK, referenceKey, type ParsedFile } from '../timetable-parsing';

/**
 * Issue 33 point 5: a level suggested from a class name ("BTS-COM1" -> BTS, "L2 INFO" -> L2, "Terminale S" ->
 * Terminale), matched against the organisation's own levels by name or abbreviation. Names are folded
 * (accents, case, punctuation) and read against the usual French level names; a name no rule reads falls back
 * to a level whose abbreviation or name is one of its words.
 */

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** [pattern, canonical level]: tried in order on the folded text, words separated by one space. */
const LEVEL_RULES: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/\bBTS\b|\bBTS(?=\d|[A-Z])/, () => 'BTS'],
  [/\b(?:DUT|BUT)\b/, (m) => m[0]],
  [/\b(?:LICENCE|LIC|L)\s?([1-3])(?!\d)/, (m) => `L${m[1] ?? ''}`],
  [/\b(?:MASTER|M)\s?([12])(?!\d)/, (m) => `M${m[1] ?? ''}`],
  [/\b(?:TERMINALE|TERM|TLE)\b/, () => 'TERMINALE'],
  [/\b(?:PREMIERE|1ERE|1RE)\b/, () => 'PREMIERE'],
  [/\b(?:SECONDE|2NDE|2DE|2ND)\b/, () => 'SECONDE'],
  [/\b([3-6])\s?(?:EME|E|EM)\b/, (m) => `COLLEGE-${m[1] ?? ''}`],
  [/\b(CP|CE[12]|CM[12])\b/, (m) => m[1] ?? ''],
];

/** The canonical level a text names ("L2 INFO" -> "L2", "Licence 2" -> "L2"), or null. */
export function levelKey(text: string): string | null {
  const folded = fold(typeof text === 'string' ? text : '');
  if (folded === '') return null;
  for (const [pattern, canonical] of LEVEL_RULES) {
    const match = pattern.exec(folded);
    if (match) return canonical(match);
  }
  return null;
}

type LevelChoice = Pick<Level, 'id' | 'name' | 'abbr'>;

/** The id of the organisation's level a class name suggests, or null when none fits. */
export function suggestLevel(className: string, levels: readonly LevelChoice[]): string | null {
  const key = levelKey(className);
  if (key !== null) {
    const same = levels.find((l) => levelKey(l.name) === key || levelKey(l.abbr) === key);
    if (same) return same.id;
  }
  // A level the rules do not know ("Prépa", "Licence pro"): one of the class name's words is its abbreviation
  // or its whole name.
  const words = new Set(fold(className).split(' '));
  const named = levels.find((l) =>
    [l.abbr, l.name].some((text) => {
      const folded = fold(text);
      return folded.length >= 2 && (words.has(folded) || fold(className).startsWith(`${folded} `));
    }),
  );
  return named?.id ?? null;
}

/** For each module name of the file (referenceKey), the class names it is taught in, in file order. */
export function moduleClassNames(parsed: ParsedFile): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const table of parsed.tables) {
    for (const row of table.rows) {
      for (const day of DAYS_OF_WEEK) {
        for (const cell of row.cells[day]) {
          const key = referenceKey(cell.moduleName);
          if (key === '') continue;
          const classes = out.get(key) ?? [];
          if (!classes.includes(table.className)) classes.push(table.className);
          out.set(key, classes);
        }
      }
    }
  }
  return out;
}

/** A module's level: one level, or several (no level: "Plusieurs niveaux"). */
export type ModuleLevel = { several: false; levelId: string } | { several: true };

/**
 * The level of a module from those of its classes: their one level, or several when it is taught at several
 * levels (Anglais in L1, L2 and BTS: created once, for all levels), or null when no class level is known.
 */
export function moduleLevel(classLevelIds: readonly (string | null)[]): ModuleLevel | null {
  const known = [...new Set(classLevelIds.filter((id): id is string => id !== null))];
  const [only] = known;
  if (only === undefined) return null;
  return known.length === 1 ? { several: false, levelId: only } : { several: true };
}
