import { cleanText, foldText } from './text';

export interface CellCourse {
  moduleName: string;
  teacherName: string;
  /** The room written in the cell, kept as written ("104", "B12", "Salle 12", "GYMNASE"). */
  room?: string;
  /** The class written in the cell, read only when asked (grids by teacher or by room). */
  className?: string;
}

/**
 * Names the organisation already has, folded (see foldText). A line equal to one of them is that kind of
 * value whatever its place in the cell: what the school knows comes before any guess.
 */
export interface KnownNames {
  classes: ReadonlySet<string>;
  modules: ReadonlySet<string>;
  teachers: ReadonlySet<string>;
  rooms: ReadonlySet<string>;
}

export const NO_KNOWN_NAMES: KnownNames = {
  classes: new Set(),
  modules: new Set(),
  teachers: new Set(),
  rooms: new Set(),
};

export interface CellTextOptions {
  known?: KnownNames;
  /** The first class-like line of the cell names its class (a grid by teacher or by room). */
  readClass?: boolean;
}

// spec part 2, point 5: cell text is split on newline, semicolon, comma and pipe; slash only where it
// separates words (" / "), not inside a name ("CONCEP.LOGICIELLE/BIG DATA", "Histoire/Géo").
const LINE_SEPARATORS = /[\r\n;,|\\]+/;
const SLASH_SEPARATOR = /\s+\/\s*|\s*\/\s+/;
// " - " splits only where a part after it is plainly a teacher, a room or a class.
const DASH_SEPARATOR = /\s+[-\u2013\u2014]\s+/;
const MAX_CELL_LENGTH = 2_000;

// spec part 2, point 5: lines about a room (salle/room) are not the module or the teacher; they are kept as
// the room of the course. Schools also write the room alone: "104", "B12", "U2 218", "GYMNASE", "LABO 2".
const ROOM_WORD = String.raw`(?:salles?|rooms?|amphi\S*)`;
const ROOM_LINE = new RegExp(String.raw`^[(\[]?\s*${ROOM_WORD}\b`);
const ROOM_PLACE =
  /^(?:labo(?:ratoire)?|lab|gymnase|gym|cdi|atelier|preau|stade|piscine|hall|bureau|plateau|terrain|salle de sport)(?:\s*(?:n°|no|#)?\s*[a-z0-9][\w-]{0,5})?$/;
const ROOM_CODE = /^[A-Z]{0,3}\d{0,2}[ \-.]?\d{2,4}[A-Z]?$/;
const BUILDING_CODE = /^[\p{Lu}\d]{1,8}$/u;
// "Algo (Salle 12)" or "Algo - Salle 12": keep the module, the room part becomes the room.
const TRAILING_ROOM = new RegExp(
  String.raw`\s*(?:[(\[]|[\-\u2013\u2014]\s)\s*(${ROOM_WORD}\b[^)\]]*)[)\]]?\s*$`,
  'i',
);

// spec part 2, point 5: module/matière/cours/ue/uv and enseignant/intervenant/prof/teacher label the line.
const MODULE_LABELS = new Set(['module', 'matiere', 'cours', 'course', 'subject', 'ue', 'uv', 'ec']);
const TEACHER_LABELS = new Set([
  'enseignant',
  'enseignante',
  'intervenant',
  'intervenante',
  'prof',
  'professeur',
  'teacher',
  'formateur',
  'formatrice',
]);
const ROOM_LABELS = new Set(['salle', 'room', 'lieu', 'local']);
const LABEL = /^([a-z]+)\s*[:\uff1a]/;

/** Cells that say "nothing here" rather than naming a module. */
const NON_COURSE_LINES = new Set([
  'pause',
  'pause dejeuner',
  'dejeuner',
  'libre',
  'ferie',
  'jour ferie',
  'vacances',
]);

// Beyond the spec, lines that say what kind of session or break it is, not which course (folded):
// - a duration note on its own line, "(1h)", "(2h)", "1h30" (family: class timetables exported by school
//   management apps, "Arabe\n(1h)" — eetfp);
// - the kind of session alone, "EXAMEN", "TP", "T P", "TD", "CM" (family: university grids writing the
//   session type on its own line above or below the course — ulbu);
// - breaks and bookings with their details, "Déjeuner RA Haut Carré", "JUMMA NAMAZ BREAK", "Reserved for
//   FSM" (family: grids drawing lunch, prayer breaks and room bookings as blocks — diu-bordeaux,
//   fast-nuces).
const DURATION_NOTE = /^\(?\s*\d{1,2}\s*h(?:\s*\d{2})?\s*\)?$/;
const SESSION_KIND = /^(?:examen|exam|tp|t p|td|t d|cm|c m)$/;
const BREAK_OR_BOOKING =
  /^(?:pause|dejeuner|lunch|break|recreation|recess|reserved for|reserve pour|reserve a)\b|\b(?:break|pause)$/;

/** A line that is a note about the session (duration, kind, break, booking), never a module or a teacher. */
export function isSessionNote(folded: string): boolean {
  return DURATION_NOTE.test(folded) || SESSION_KIND.test(folded) || BREAK_OR_BOOKING.test(folded);
}

// spec part 2, point 5: titles M., Mme, Dr, Pr are stripped (with or without the dot). Mlle, Mr, Mrs and
// Prof too.
const TEACHER_TITLE = /^(?:mme|mlle|mrs|mr|m|dr|pr|prof)(?:\.\s*|\s+)/i;

// What a class code looks like in French schools: L1, M2, BTS SIO 1, 3e A, Terminale S2, Grade 10, CAP...
const CLASS_LIKE =
  /^(?:[lm]\d\b|licence|master|bts|dut|but|cap|bep|bac|lp\b|miage|\d(?:e|eme|ere|nde)\b|6e|5e|4e|3e|2nde|1ere|terminale|tle|seconde|premiere|grade|cp\b|ce\d|cm\d|prepa|classe)/;
const MAX_CLASS_LENGTH = 30;

/** "M. Diallo" -> "Diallo", "Dr Ba" -> "Ba", "Pr. Dr. Kane" -> "Kane"; "Mohamed" stays "Mohamed". */
export function stripTeacherTitle(name: string): string {
  let result = cleanText(name);
  for (let i = 0; i < 4; i += 1) {
    const next = result.replace(TEACHER_TITLE, '');
    if (next === result || next === '') break;
    result = next;
  }
  return result;
}

/** A line that names a room rather than a module: "104", "B12", "U2 218", "GYMNASE", "Salle 12", "Amphi A". */
export function looksLikeRoom(text: string, known: KnownNames = NO_KNOWN_NAMES): boolean {
  const value = cleanText(text);
  if (value === '' || value.length > 25) return false;
  if (ROOM_CODE.test(value)) return true;
  const folded = foldText(value);
  return known.rooms.has(folded) || ROOM_LINE.test(folded) || ROOM_PLACE.test(folded);
}

function looksLikeTeacher(text: string, known: KnownNames): boolean {
  const value = cleanText(text);
  if (known.teachers.size > 0) {
    const folded = foldText(value);
    if (known.teachers.has(folded) || known.teachers.has(foldText(stripTeacherTitle(value)))) return true;
  }
  // "pr 1" is the group 1 of a course PR, not a professor called "1" (androide): a name has a letter.
  const name = stripTeacherTitle(value);
  return value.length <= 40 && TEACHER_TITLE.test(value) && name !== value && /\p{L}/u.test(name);
}

/** A line that can name a class: known to the organisation, or shaped like a class code ("L1 Info", "3e A"). */
export function looksLikeClass(text: string, known: KnownNames = NO_KNOWN_NAMES): boolean {
  const value = cleanText(text);
  if (value === '' || value.length > MAX_CLASS_LENGTH) return false;
  const folded = foldText(value);
  return known.classes.has(folded) || CLASS_LIKE.test(folded);
}

type LineKind = 'module' | 'teacher' | 'room' | 'class' | 'plain';

interface Line {
  kind: LineKind;
  text: string;
}

function classifyLine(raw: string, known: KnownNames, readClass: boolean): Line | null {
  let text = cleanText(raw);
  if (text === '') return null;
  const folded = foldText(text);
  const label = LABEL.exec(folded);
  if (label?.[1] !== undefined) {
    const word = label[1];
    const kind: LineKind | null = MODULE_LABELS.has(word)
      ? 'module'
      : TEACHER_LABELS.has(word)
        ? 'teacher'
        : ROOM_LABELS.has(word)
          ? 'room'
          : null;
    if (kind !== null) {
      const colon = text.search(/[:\uff1a]/);
      const value = cleanText(text.slice(colon + 1));
      if (kind === 'room') return { kind, text: cleanText(text.replace(/\s*[:\uff1a]\s*/, ' ')) };
      return value === '' ? null : { kind, text: value };
    }
  }
  if (ROOM_LINE.test(folded)) return { kind: 'room', text };
  if (readClass && looksLikeClass(text, known)) return { kind: 'class', text };
  if (known.modules.has(folded)) return { kind: 'module', text };
  if (looksLikeTeacher(text, known)) return { kind: 'teacher', text };
  if (looksLikeRoom(text, known)) return { kind: 'room', text };
  const trailing = TRAILING_ROOM.exec(text);
  if (trailing?.[1] !== undefined) {
    const whole = text;
    text = cleanText(text.slice(0, trailing.index));
    if (text === '') return { kind: 'room', text: cleanText(trailing[1]) };
    // A building code before the room, "CREMI - salle 05", "A29 - salle 102": the whole line is the room
    // (family: university rooms named by building and room — diu-bordeaux).
    if (BUILDING_CODE.test(text)) return { kind: 'room', text: whole };
    return { kind: 'plain', text: `${text}\u0000${cleanText(trailing[1])}` };
  }
  if (/^[\p{P}\p{S}\s]*$/u.test(text)) return null;
  if (NON_COURSE_LINES.has(folded) || isSessionNote(folded)) return null;
  return { kind: 'plain', text };
}

/** Splits a line on " - " only when a part after the first is plainly a teacher, a room or a class. */
function splitDashes(line: string, known: KnownNames, readClass: boolean): string[] {
  const parts = line.split(DASH_SEPARATOR);
  if (parts.length < 2) return [line];
  // "CREMI - salle 05": a building and its room, one room line.
  if (
    parts.length === 2 &&
    BUILDING_CODE.test(cleanText(parts[0] ?? '')) &&
    looksLikeRoom(parts[1] ?? '', known)
  )
    return [line];
  const plain = parts.slice(1).some((part) => looksLikeTeacher(part, known) || looksLikeRoom(part, known));
  const classFirst = readClass && looksLikeClass(parts[0] ?? '', known);
  return plain || classFirst ? parts : [line];
}

// Separators inside brackets are part of a note ("NPS BCY-5A (A,B)": groups A and B), not a new line.
const BRACKETED = /\([^()\n]*\)/g;
const KEPT_SEPARATOR = '\u0001';

function splitLines(text: string, known: KnownNames, readClass: boolean): string[] {
  return text
    .replace(BRACKETED, (note) => note.replace(/[;,|]/g, KEPT_SEPARATOR))
    .split(LINE_SEPARATORS)
    .map((line) => line.replaceAll(KEPT_SEPARATOR, ','))
    .flatMap((line) => line.split(SLASH_SEPARATOR))
    .flatMap((line) => splitDashes(line, known, readClass));
}

interface Draft {
  moduleName: string | null;
  /** The module slot was taken by a plain line, a guess: a line that is surely the module may move it. */
  moduleGuessed: boolean;
  teacherName: string | null;
  room: string | null;
  className: string | null;
}

const emptyDraft = (): Draft => ({
  moduleName: null,
  moduleGuessed: false,
  teacherName: null,
  room: null,
  className: null,
});

// A person's name as timetables write it: one to four words of letters (hyphens, apostrophes, the dot of
// an initial), no digit: "Kane", "KANE", "Awa Kane", "J.-P. N'Diaye".
const FULL_NAME = /^\p{Lu}[\p{Ll}'\u2019-]+(?:[ -]\p{Lu}[\p{Ll}'\u2019-]+)*\s+\p{Lu}[\p{L}'\u2019-]+$/u;
const PERSON_NAME = /^\p{L}[\p{L}'\u2019.-]*(?:\s+\p{L}[\p{L}'\u2019.-]*){0,3}$/u;
const MAX_PERSON_NAME_LENGTH = 40;

/** A plain line that can be a teacher's name: shaped like one, and not a room or a class the school knows. */
function plausibleTeacher(text: string, known: KnownNames): boolean {
  const value = cleanText(text);
  if (value.length > MAX_PERSON_NAME_LENGTH || !PERSON_NAME.test(value)) return false;
  const folded = foldText(value);
  return !known.modules.has(folded) && !known.classes.has(folded) && !looksLikeRoom(value, known);
}

/**
 * Reads the courses of one timetable cell (spec part 2, point 5). Labelled lines say what they are; known
 * names of the organisation, teacher titles and room shapes come next; among the other lines the first is
 * the module and the second the teacher, unless a line that is surely the module (known or labelled) comes
 * after the first: then the first, when it can be a person's name, is the teacher ("Kane\nStage"). A cell
 * listing several courses ("Algo / M. Diallo / Réseaux / Mme Sow") gives one course per module-teacher pair.
 */
export function parseCellText(text: string, options: CellTextOptions = {}): CellCourse[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  const known = options.known ?? NO_KNOWN_NAMES;
  const readClass = options.readClass === true;
  // Timetables repeat the same cell text many times (a module every week, a teacher every day).
  const cache = cacheFor(known, readClass);
  const cached = cache.get(text);
  if (cached !== undefined) return cached.map((course) => ({ ...course }));
  const result = readCellText(text, known, readClass);
  if (cache.size >= MAX_CACHED_CELLS) cache.clear();
  cache.set(text, result);
  return result.map((course) => ({ ...course }));
}

const MAX_CACHED_CELLS = 5_000;
const caches = new WeakMap<KnownNames, [Map<string, CellCourse[]>, Map<string, CellCourse[]>]>();

function cacheFor(known: KnownNames, readClass: boolean): Map<string, CellCourse[]> {
  let pair = caches.get(known);
  if (pair === undefined) {
    pair = [new Map(), new Map()];
    caches.set(known, pair);
  }
  return pair[readClass ? 1 : 0];
}

// A cell listing parallel sessions, one per line, by their codes: "RTEL\nMOBJ\nil 1\nil 2\ncomplex 2"
// (family: student and teaching-unit grids where a period lists every lecture and group at that time —
// androide). At least 3 plain lines, each a short code, optionally with a group number, and at least half of
// them a capitalised acronym or a code with its group number: names of people are not written so.
const COURSE_CODE = /^\p{L}[\p{L}\d]{0,11}(?:\s+\d{1,2})?$/u;
const CODE_MARK = /^(?:[\p{Lu}\d]{2,8}|\p{L}[\p{L}\d]*\s+\d{1,2})$/u;

function listsCourseCodes(lines: readonly Line[]): boolean {
  if (lines.length < 3 || lines.some((line) => line.kind !== 'plain' || !COURSE_CODE.test(line.text)))
    return false;
  return lines.filter((line) => CODE_MARK.test(line.text)).length * 2 >= lines.length;
}

function readCellText(text: string, known: KnownNames, readClass: boolean): CellCourse[] {
  const lines = splitLines(text.slice(0, MAX_CELL_LENGTH), known, readClass)
    .map((line) => classifyLine(line, known, readClass))
    .filter((line): line is Line => line !== null);
  if (listsCourseCodes(lines)) return lines.map((line) => ({ moduleName: line.text, teacherName: '' }));
  const courses: Draft[] = [];
  let current: Draft | undefined;
  let pendingRoom: string | null = null;
  let pendingClass: string | null = null;
  const open = () => {
    current = emptyDraft();
    current.room = pendingRoom;
    current.className = pendingClass;
    pendingRoom = null;
    courses.push(current);
    return current;
  };
  let previousKind: 'module' | 'teacher' | null = null;
  for (const line of lines) {
    if (line.kind === 'room') {
      if (current !== undefined && current.room === null) current.room = line.text;
      else pendingRoom = line.text;
      continue;
    }
    if (line.kind === 'class') {
      if (current !== undefined && current.className === null && current.moduleName === null) {
        current.className = line.text;
      } else {
        pendingClass = line.text;
        current = undefined;
      }
      continue;
    }
    const [value = '', trailingRoom] = line.text.split('\u0000');
    // A second person's name right after the teacher is a co-teacher, not a new course: "Projet\nDavid
    // Renault\nLaurianne Foulquier" (family: blocks naming two teachers on two rows — diu-bordeaux). Only a
    // first name and a surname in capitalised words, so that a course name after a teacher still opens a
    // course.
    if (
      line.kind === 'plain' &&
      current?.moduleName !== null &&
      current?.teacherName !== null &&
      current !== undefined &&
      previousKind === 'teacher' &&
      FULL_NAME.test(value) &&
      FULL_NAME.test(current.teacherName ?? '')
    ) {
      current.teacherName = `${current.teacherName}, ${value}`;
      continue;
    }
    const field: 'moduleName' | 'teacherName' =
      line.kind === 'module'
        ? 'moduleName'
        : line.kind === 'teacher'
          ? 'teacherName'
          : current === undefined || current.moduleName === null || current.teacherName !== null
            ? 'moduleName'
            : 'teacherName';
    let target: Draft = current ?? open();
    if (target[field] !== null) {
      // "Kane\nStage" with the module Stage known: the plain line before it guessed the module slot; it
      // was the teacher ("Stage" opens no course of its own).
      const guessedTeacher =
        line.kind === 'module' && target.moduleGuessed && target.teacherName === null
          ? target.moduleName
          : null;
      if (guessedTeacher !== null && plausibleTeacher(guessedTeacher, known)) {
        target.teacherName = guessedTeacher;
      } else {
        target = open();
      }
    }
    target[field] = value;
    previousKind = field === 'moduleName' ? 'module' : 'teacher';
    if (field === 'moduleName') target.moduleGuessed = line.kind === 'plain';
    if (trailingRoom !== undefined && target.room === null) target.room = trailingRoom;
    current = target;
  }
  return courses
    .filter((course) => course.moduleName !== null || course.teacherName !== null)
    .map((course) => {
      const result: CellCourse = {
        moduleName: course.moduleName ?? '',
        teacherName: stripTeacherTitle(course.teacherName ?? ''),
      };
      if (course.room !== null) result.room = course.room;
      if (course.className !== null) result.className = course.className;
      return result;
    });
}
