import { dayOfWord, parseClockCell, parseDurationCell } from '../lists/values';
import { foldText } from '../text';
import type { DayOfWeek } from '../types';

/**
 * The columns of EDT's course export (Index Éducation's EDT, the timetable program whose courses PRONOTE
 * shows; issue 30 item 3), and what their cells hold. Source of the description, since Index Éducation
 * publishes none of its own: the course export "EXP_COURS" as the free school software GEPI reads it
 * (github.com/tbelliard/gepi, edt_organisation/import_edt_edt.php and init_xml2/traite_xml_edt.php, which
 * quote whole records): one record per course with NUMERO, DUREE ("1h00"), FREQUENCE ("H" every week,
 * "Q1"/"Q2" one week in two), MAT_CODE, MAT_LIBELLE, PROF_NOM, PROF_PRENOM, CLASSE, SALLE, ALTERNANCE,
 * MODALITE ("CG"), CO-ENS. ("N"), POND., JOUR ("lundi"), H.DEBUT ("  09h00", start only, the end is start plus
 * duration) and EFFECTIF. The same export saved as ";" text (EXP_COURS.csv/.txt) keeps these names as its
 * header; its Italian edition names them NUMERO, DURATA, MAT_COD, DOC_COGN, CLASSE, GIORNO, O.INIZIO, and
 * writes the teachers and classes of a shared or merged course in one cell, separated by commas, in the same
 * order ("A1 LS, B1 LS, C1 LS") — as read by a public school script (EXP_COURS.csv "(EDT)", edt_to_csv.py).
 * The on-screen course list EDT copies to a spreadsheet titles the same data "Matière", "Professeur(s)",
 * "Classe(s)", "Salle(s)", "Jour", "Heure", "Durée", "Fréquence": those titles are taken as aliases only, and
 * only next to EDT's own signs (see isEdtHeader).
 */
export type EdtField =
  | 'subjectCode'
  | 'subjectName'
  | 'teacherLast'
  | 'teacherFirst'
  | 'teachers'
  | 'classes'
  | 'room'
  | 'day'
  | 'start'
  | 'duration'
  | 'frequency'
  | 'end';

/** Header names, folded. The EXP_COURS names first; the display titles after them are aliases. */
const FIELD_NAMES: readonly (readonly [EdtField, readonly string[]])[] = [
  ['subjectCode', ['mat_code', 'mat_cod', 'code matiere', 'matiere']],
  ['subjectName', ['mat_libelle', 'mat_lib', 'libelle matiere', 'matiere (libelle)']],
  ['teacherLast', ['prof_nom', 'doc_cogn']],
  ['teacherFirst', ['prof_prenom', 'doc_nome']],
  [
    'teachers',
    ['professeur(s)', 'professeurs', 'professeur', 'prof.', 'enseignant(s)', 'docente/i', 'docenti'],
  ],
  ['classes', ['classe', 'classe(s)', 'classes', 'div', 'division', 'classe/groupe', 'classi']],
  ['room', ['salle', 'salle(s)', 'salles', 'aula', 'aule']],
  ['day', ['jour', 'giorno']],
  ['start', ['h.debut', 'h. debut', 'heure', 'heure debut', 'debut', 'o.inizio']],
  ['duration', ['duree', 'durata']],
  ['frequency', ['frequence', 'freq.', 'freq', 'alternance', 'semaines', 'frequenza']],
  // A list that gives end times is not an EDT course export (EDT writes a duration): it stays with the lists.
  ['end', ['h.fin', 'heure fin', 'fin', 'end', 'dtend']],
];
const FIELD_OF = new Map<string, EdtField>(
  FIELD_NAMES.flatMap(([field, names]) => names.map((name) => [name, field] as const)),
);

/** Names only EDT's course export writes: two of them make a header EDT's (family: EXP_COURS files). */
const EDT_OWN_NAMES: ReadonlySet<string> = new Set([
  'mat_code',
  'mat_libelle',
  'prof_nom',
  'prof_prenom',
  'h.debut',
  'co-ens.',
  'pond.',
  'alternance',
  'modalite',
  'mat_cod',
  'doc_cogn',
  'o.inizio',
]);

export type EdtColumns = Partial<Record<EdtField, number>>;

export interface EdtHeader {
  row: number;
  columns: EdtColumns;
  /** How many of EDT's own column names the header has. */
  ownNames: number;
}

/** The fields a header row names, each at its first column. */
export function columnsOf(row: readonly string[]): { columns: EdtColumns; ownNames: number } {
  const columns: EdtColumns = {};
  let ownNames = 0;
  row.forEach((cell, index) => {
    const name = foldText(cell);
    if (EDT_OWN_NAMES.has(name)) ownNames += 1;
    const field = FIELD_OF.get(name);
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
  });
  return { columns, ownNames };
}

/** A header with what a course needs: a subject, a day, a start and a duration, and no end column. */
export function hasCourseFields(columns: EdtColumns): boolean {
  return (
    (columns.subjectCode !== undefined || columns.subjectName !== undefined) &&
    columns.day !== undefined &&
    columns.start !== undefined &&
    columns.duration !== undefined &&
    columns.end === undefined
  );
}

const HEADER_ROWS = 10;

/** The first row (of the first ten) naming a course's fields in EDT's words; null when none does. */
export function findEdtHeader(rows: readonly (readonly string[])[]): EdtHeader | null {
  for (let row = 0; row < Math.min(rows.length, HEADER_ROWS); row += 1) {
    const { columns, ownNames } = columnsOf(rows[row] ?? []);
    if (hasCourseFields(columns)) return { row, columns, ownNames };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Cell values.

// Italian weekdays (the Italian edition's GIORNO column); the other languages come from dayOfWord.
const ITALIAN_DAYS = new Map<string, DayOfWeek>([
  ['lunedi', 1],
  ['martedi', 2],
  ['mercoledi', 3],
  ['giovedi', 4],
  ['venerdi', 5],
  ['sabato', 6],
  ['domenica', 7],
]);

/** JOUR / GIORNO: "lundi", "Lundi", "lunedì". */
export function edtDay(text: string): DayOfWeek | null {
  return dayOfWord(text) ?? ITALIAN_DAYS.get(foldText(text)) ?? null;
}

/** H.DEBUT: "  09h00", "13h30", "08:00". */
export function edtStart(text: string): number | null {
  return parseClockCell(text.trim());
}

/** EDT's own way of writing a duration: hours, "h", two-digit minutes ("1h00", "01h30", "0h55"). */
export const EDT_DURATION = /^\d{1,2}h\d{2}$/;

/** DUREE / DURATA: "1h00", "01h30", "0h55", "2h", "1h30mn", "90 min"; null for anything else or zero. */
export function edtDuration(text: string): number | null {
  const minutes = parseDurationCell(foldText(text).replace(/\s*(?:mn|min)$/, ''));
  return minutes !== null && minutes > 0 && minutes <= 12 * 60 ? minutes : null;
}

/**
 * FREQUENCE / ALTERNANCE / "Semaines": "H" (every week), "Q1", "Q2" (one week in two), week types "A", "B",
 * "Sem. A", "S1", or week numbers and ranges ("36-42, 45", "S36 à S52"). Family: EDT course exports and their lists.
 */
export function isEdtWeekPattern(text: string): boolean {
  const folded = foldText(text);
  return (
    /^(?:h|hebdo(?:madaire)?|q[12]|[a-d]|s\.? ?[1-4a-d]|sem(?:aine|\.)? ?[1-4a-d]|quinzaine ?[12])$/.test(
      folded,
    ) ||
    /^(?:s\.? ?)?\d{1,2}(?: ?(?:-|a) ?(?:s\.? ?)?\d{1,2})?(?: ?[,;] ?(?:s\.? ?)?\d{1,2}(?: ?(?:-|a) ?(?:s\.? ?)?\d{1,2})?)*$/.test(
      folded,
    )
  );
}

/** Parts of a cell holding several teachers or classes: "DUPONT M., MARTIN A.", "2NDE1, 2NDE2". */
export function splitList(text: string): string[] {
  return text
    .split(/\s*[,;]\s*/)
    .map((part) => part.replace(/^[[<(]\s*|\s*[\]>)]$/g, '').trim())
    .filter((part) => part !== '');
}

/**
 * The teachers of one course. With PROF_NOM and PROF_PRENOM, the n-th last name goes with the n-th first name
 * ("DUPONT, MARTIN" / "Marie, Alain" -> "DUPONT Marie", "MARTIN Alain"). A single "Professeur(s)" cell is cut
 * at its commas only when every part is a whole name ("DUPONT M., MARTIN A."): "DUPONT, Marie" stays one.
 */
export function edtTeachers(last: string, first: string, combined: string): string[] {
  if (last.trim() !== '') {
    const lasts = splitList(last);
    const firsts = splitList(first);
    return lasts.map((name, i) =>
      firsts.length === lasts.length ? `${name} ${firsts[i] ?? ''}`.trim() : name,
    );
  }
  const parts = splitList(combined);
  if (parts.length > 1 && parts.every((part) => /\S\s+\S/.test(part))) return parts;
  const whole = combined.trim();
  return whole === '' ? [] : [whole];
}
