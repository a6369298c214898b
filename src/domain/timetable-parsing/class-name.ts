import { parseTimeRange } from './time-range';
import { cellAt, cleanText, foldText } from './text';
import { parseWeekday } from './weekday';

// spec part 2, point 5: a "classe:" label is looked for within 5 rows above the header.
export const CLASS_LABEL_ROWS_ABOVE = 5;

const CLASS_LABEL = /\b(?:classe|class)\s*[:\uff1a]\s*/;
// spec part 2, point 5: a class/promo/section/niveau/parcours column. "Filière" is the same idea in many schools.
const CLASS_COLUMN_TITLE = /^(?:classes?|class|promos?|promotions?|sections?|niveaux?|parcours|filieres?)\b/;
// Columns on the left that hold something other than the class: times, periods, dates, numbering.
const NOT_A_CLASS_COLUMN_TITLE =
  /^(?:horaires?|heures?|creneaux?|creneau|plages?|time|times|hours?|periodes?|seances?|semaines?|dates?|jours?|days?|n°|no|num)\b/;
const NOT_A_CLASS_VALUE =
  /^(?:matin|apres-midi|apres midi|soir|soiree|midi|morning|afternoon|evening|pause|dejeuner|am|pm)$/;

/**
 * The class named by a "Classe : X" label (spec part 2, point 5) in rows [fromRow, toRow), nearest row first.
 * The name may follow the colon in the same cell or sit in the next filled cell of the row.
 */
export function findClassLabel(rows: readonly string[][], fromRow: number, toRow: number): string | null {
  for (let r = toRow - 1; r >= Math.max(0, fromRow); r -= 1) {
    const row = rows[r] ?? [];
    for (let c = 0; c < row.length; c += 1) {
      const cell = row[c] ?? '';
      const folded = foldText(cell);
      const label = CLASS_LABEL.exec(folded);
      if (!label) continue;
      const colon = cell.search(/[:\uff1a]/);
      const inline = cleanText((cell.slice(colon + 1).split(/[\r\n]/)[0] ?? '').trim());
      if (inline !== '') return inline;
      const next = row.slice(c + 1).find((value) => value.trim() !== '');
      if (next !== undefined) return cleanText(next.split(/[\r\n]/)[0] ?? '');
    }
  }
  return null;
}

/** The column whose header cell reads "Classe", "Promo", "Section", "Niveau" or "Parcours", if any. */
export function findClassColumn(
  headerRow: readonly string[],
  excludedColumns: ReadonlySet<number>,
): number | null {
  for (let c = 0; c < headerRow.length; c += 1) {
    if (excludedColumns.has(c)) continue;
    if (CLASS_COLUMN_TITLE.test(foldText(headerRow[c] ?? ''))) return c;
  }
  return null;
}

/** A value that can name a class: has a letter, is not a time range, a weekday or a period of the day. */
export function looksLikeClassName(text: string): boolean {
  const value = text.trim();
  if (value === '' || !/\p{L}/u.test(value)) return false;
  if (parseTimeRange(value) !== null || parseWeekday(value) !== null) return false;
  return !NOT_A_CLASS_VALUE.test(foldText(value));
}

/**
 * The leftmost column left of the weekdays, other than the time column, whose data rows hold text that can
 * name a class (spec part 2, point 5 "a leftmost non-day text column").
 */
export function findTextColumn(
  rows: readonly string[][],
  headerRowIndex: number,
  dataRows: readonly number[],
  firstDayColumn: number,
  excludedColumns: ReadonlySet<number>,
): number | null {
  for (let c = 0; c < firstDayColumn; c += 1) {
    if (excludedColumns.has(c)) continue;
    if (NOT_A_CLASS_COLUMN_TITLE.test(foldText(cellAt(rows, headerRowIndex, c)))) continue;
    if (dataRows.some((r) => looksLikeClassName(cellAt(rows, r, c)))) return c;
  }
  return null;
}

// Titles of a timetable, not a class: "Emploi du temps", "EDT 2022-2023", "Année 2022-2023", "Semestre 1",
// "Semaine du 12/09/2022", "Planning".
const TITLE =
  /^(?:emploi du temps|emplois du temps|edt|planning|plannings|annee|annees|semestre|trimestre|semaine|sem\.|calendrier|horaires?|timetable|schedule|enseignant|professeur|intervenant|salle|room)\b/;

/** A text that titles the timetable (or is repeated on every sheet) rather than naming its class. */
export function isTitle(text: string, titles: ReadonlySet<string> = new Set()): boolean {
  const folded = foldText(text.split(/[\r\n]/)[0] ?? '');
  return TITLE.test(folded) || titles.has(folded);
}

/** The nearest text above the header (rows [fromRow, toRow), bottom up) that can name a class. */
export function findTextAbove(
  rows: readonly string[][],
  fromRow: number,
  toRow: number,
  titles: ReadonlySet<string> = new Set(),
): string | null {
  for (let r = toRow - 1; r >= Math.max(0, fromRow); r -= 1) {
    const row = rows[r] ?? [];
    const text = row.find((cell) => looksLikeClassName(cell) && !isTitle(cell, titles));
    if (text !== undefined) return cleanText(text.split(/[\r\n]/)[0] ?? '');
  }
  return null;
}

// A section code at the end of a course line: capitals, a digit and a letter, with or without a hyphen,
// a note of groups in brackets after it ("DAA BCS-5C", "NPS BCY-5A (A,B)", "SE BSE7A"): family of
// university timetables by room writing course and section in one cell (fast-nuces). Read only where the
// class must be in the cell (a grid by room).
// The teacher's name may follow on the same line ("CV Lab BAI-7A Sohail Ahmed").
const TRAILING_SECTION =
  /^(.+?)\s+(\p{Lu}{2,6}-?\d{1,2}\p{Lu}{0,2})(?:\s*\([^)]*\))?(?:\s+(\p{L}[\p{L}.'\u2019 -]*))?\s*$/u;

export function trailingClassCode(line: string): { rest: string; classCode: string; after: string } | null {
  const match = TRAILING_SECTION.exec(cleanText(line));
  if (match?.[1] === undefined || match[2] === undefined) return null;
  return { rest: cleanText(match[1]), classCode: match[2], after: cleanText(match[3] ?? '') };
}
