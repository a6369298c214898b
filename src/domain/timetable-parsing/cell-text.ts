import { cleanText, foldText } from './text';

export interface CellCourse {
  moduleName: string;
  teacherName: string;
}

// spec part 2, point 5: cell text is split on newline, semicolon, comma, pipe and slash.
const LINE_SEPARATORS = /[\r\n;,|/\\]+/;
const MAX_CELL_LENGTH = 2_000;

// spec part 2, point 5: lines about a room (salle/room) are ignored. "Amphi" is the usual French room word too.
const ROOM_WORD = String.raw`(?:salle|room|amphi\S*)`;
const ROOM_LINE = new RegExp(String.raw`^[(\[]?\s*${ROOM_WORD}\b`);
// "Algo (Salle 12)" or "Algo - Salle 12": keep the module, drop the room part.
const TRAILING_ROOM = new RegExp(
  String.raw`\s*(?:[(\[]|[\-\u2013\u2014]\s)\s*${ROOM_WORD}\b[^)\]]*[)\]]?\s*$`,
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

// spec part 2, point 5: titles M., Mme, Dr, Pr are stripped (with or without the dot). Mlle, Mr and Prof too.
const TEACHER_TITLE = /^(?:mme|mlle|mr|m|dr|pr|prof)(?:\.\s*|\s+)/i;

/** "M. Diallo" -> "Diallo", "Dr Ba" -> "Ba", "Pr. Dr. Kane" -> "Kane"; "Mohamed" stays "Mohamed". */
export function stripTeacherTitle(name: string): string {
  let result = cleanText(name);
  for (let i = 0; i < 4; i += 1) {
    const next = result.replace(TEACHER_TITLE, '');
    if (next === result) break;
    result = next;
  }
  return result;
}

type LineKind = 'module' | 'teacher' | 'plain';

interface Line {
  kind: LineKind;
  text: string;
}

function classifyLine(raw: string): Line | null {
  let text = cleanText(raw);
  if (text === '') return null;
  const folded = foldText(text);
  if (ROOM_LINE.test(folded)) return null;
  text = cleanText(text.replace(TRAILING_ROOM, ''));
  const label = LABEL.exec(folded);
  if (label?.[1] !== undefined) {
    const word = label[1];
    const kind: LineKind | null = MODULE_LABELS.has(word)
      ? 'module'
      : TEACHER_LABELS.has(word)
        ? 'teacher'
        : null;
    if (kind !== null) {
      const colon = text.search(/[:\uff1a]/);
      const value = cleanText(text.slice(colon + 1));
      return value === '' ? null : { kind, text: value };
    }
  }
  if (/^[\p{P}\p{S}\s]*$/u.test(text)) return null;
  if (NON_COURSE_LINES.has(folded)) return null;
  return { kind: 'plain', text };
}

/**
 * Reads the courses of one timetable cell (spec part 2, point 5). Labelled lines say what they are; among the
 * other lines the first is the module and the second the teacher. A cell listing several courses
 * ("Algo / M. Diallo / Réseaux / Mme Sow") gives one course per module-teacher pair.
 */
export function parseCellText(text: string): CellCourse[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  const lines = text
    .slice(0, MAX_CELL_LENGTH)
    .split(LINE_SEPARATORS)
    .map(classifyLine)
    .filter((line): line is Line => line !== null);
  const courses: { moduleName: string | null; teacherName: string | null }[] = [];
  let current: { moduleName: string | null; teacherName: string | null } | undefined;
  for (const line of lines) {
    const field: 'moduleName' | 'teacherName' =
      line.kind === 'module'
        ? 'moduleName'
        : line.kind === 'teacher'
          ? 'teacherName'
          : current === undefined || current.moduleName === null || current.teacherName !== null
            ? 'moduleName'
            : 'teacherName';
    if (current === undefined || current[field] !== null) {
      current = { moduleName: null, teacherName: null };
      courses.push(current);
    }
    current[field] = line.text;
  }
  return courses.map((course) => ({
    moduleName: course.moduleName ?? '',
    teacherName: stripTeacherTitle(course.teacherName ?? ''),
  }));
}
