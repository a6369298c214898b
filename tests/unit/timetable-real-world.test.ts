// Real timetable files nobody on this project wrote (tests/fixtures/timetables/world, a copy of
// ../shared/timetables-real): each is read through the worker's own path (bytes -> grids -> reader) and what
// the verification dialog would offer (the missing classes, modules and teachers of a new installation, and
// the preview rows) is judged with the rules of expected.json's `_about`, as the official scorer
// (../shared/tools/score-real-import) does in Chromium. A table is printed; files that read stay read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveReferences } from '../../src/domain/timetable-parsing';
import { tablesOfPeriod } from '../../src/domain/planning/import-weeks';
import { readTimetableBytes } from '../../src/services/sheets/workbook-to-grids';

/** Files read fully today: extend this list as files start reading (it must never shrink). */
const READ_FILES: readonly string[] = [
  // Grids (import-grid): class lanes by day, drawn ruler, student grids, shifts, rooms by period, exports.
  'ulbu_horaire-mutanga-nord.xlsx',
  'diu-bordeaux_edt-bloc1.xlsx',
  'androide_edt-ue.ods',
  'ist_horario-turnos.xls',
  'fast-nuces_timetable.xlsx',
  'eetfp_emploi-temps-classe.xlsx',
  'gyft_timetable.xlsx',
  // Lists (import-lists): ERP export, timetable booklet, student course list, calendar export, day planning.
  'bits-goa_timetable-erp.xls',
  'bits-pilani_coursewise-timetable.xlsx',
  'zjut_kebiao.xlsx',
  'leeds-tds_timetable.xlsx',
  'technocite_planning.csv',
];

const DIR = join(process.cwd(), 'tests', 'fixtures', 'timetables', 'world');

type Entry = string | string[];
interface Expected {
  week: { monday?: string; isoWeek?: number; any?: boolean };
  classes: Entry[] | null;
  modules: Entry[] | null;
  teachers: Entry[] | null;
  slots: number;
  slotsFor?: Entry[];
  forbidden?: string[];
  notModules?: string[];
  notTeachers?: string[];
}

const EXPECTED = (
  JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as { files: Record<string, Expected> }
).files;

// ---- the scorer's matching rules (score.mjs), the same in TypeScript ----
const norm = (s: string) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const alts = (entry: Entry) => (Array.isArray(entry) ? entry : [entry]).map(norm).filter(Boolean);
const label = (entry: Entry) => (Array.isArray(entry) ? (entry[0] ?? '') : entry);
const CLOCK = [/\b\d{1,2}\s*[hH:]\s*\d{2}\b/, /\b\d{1,2}\s*[hH]\s*(-|–|à|a)\s*\d{1,2}\s*[hH]?/];
const hasClock = (raw: string) => CLOCK.some((re) => re.test(raw));
const WEEKDAY =
  /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|monday|tuesday|wednesday|thursday|friday|saturday|sunday)( [0-9 ]+)?$/;
const contains = (n: string, e: string) => ` ${n} `.includes(` ${e} `);

function sameName(entry: Entry, offered: readonly string[]): boolean {
  return alts(entry).some((e) =>
    offered.some((raw) => {
      const n = norm(raw);
      if (n === e) return true;
      return (
        contains(n, e) && n.length - e.length <= Math.max(12, Math.floor(e.length / 2)) && !hasClock(raw)
      );
    }),
  );
}
const FILLER = /\b(classe|class|groupe|group|grp|promo|promotion|section|niveau|grade)\b/g;
const unfill = (s: string) => s.replace(FILLER, ' ').replace(/\s+/g, ' ').trim();
function sameClass(entry: Entry, offered: readonly string[]): boolean {
  return alts(entry).some((e) =>
    offered.some((raw) => {
      const n = norm(raw);
      if (n === e || unfill(n) === unfill(e)) return true;
      return e.length >= 4 && contains(n, e);
    }),
  );
}

interface Offered {
  classes: string[];
  modules: string[];
  teachers: string[];
}

function forbiddenHits(want: Expected, offered: Offered): string[] {
  const exact = (list?: string[]) => new Set((list ?? []).map(norm));
  const both = exact(want.forbidden);
  const notModules = exact(want.notModules);
  const notTeachers = exact(want.notTeachers);
  const classes = (want.classes ?? []).flatMap(alts);
  const modules = (want.modules ?? []).flatMap(alts);
  const teachers = (want.teachers ?? []).flatMap(alts);
  const hits: string[] = [];
  const check = (raw: string, role: 'module' | 'teacher') => {
    const n = norm(raw);
    const why =
      both.has(n) || (role === 'module' ? notModules : notTeachers).has(n)
        ? 'forbidden'
        : WEEKDAY.test(n)
          ? 'weekday'
          : /^[\p{N}\p{P}\p{S}\s_]*$/u.test(String(raw).trim())
            ? 'no letters'
            : hasClock(raw)
              ? 'clock time'
              : classes.some((c) => contains(n, c))
                ? 'holds a class'
                : role === 'module' && teachers.some((t) => contains(n, t))
                  ? 'holds a teacher'
                  : role === 'teacher' && modules.some((m) => contains(n, m))
                    ? 'holds a module'
                    : null;
    if (why) hits.push(`${role} "${raw}" (${why})`);
  };
  offered.modules.forEach((m) => check(m, 'module'));
  offered.teachers.forEach((t) => check(t, 'teacher'));
  return hits;
}

type Verdict = 'read' | 'partly' | 'not read';

interface Score {
  verdict: Verdict;
  detail: string;
}

/** What the verification dialog offers on a new installation (nothing known): every name read, every row. */
function score(file: string, want: Expected): Score {
  const bytes = readFileSync(join(DIR, file));
  const result = readTimetableBytes(bytes, file);
  if (!result.ok)
    return { verdict: 'not read', detail: `issue ${result.issues.map((i) => i.code).join(', ')}` };
  // As "Nouvel import" does: a file dated over several weeks gives the chosen week's courses.
  const monday = want.week.monday;
  const parsed = monday
    ? tablesOfPeriod(result.value, {
        periodicity: 'week',
        year: Number(monday.slice(0, 4)),
        month: Number(monday.slice(5, 7)),
        weekStartDate: monday,
      })
    : result.value;
  const resolution = resolveReferences(parsed, { classes: [], courseModules: [], users: [] });
  const rows = resolution.skipped;
  const offered: Offered = {
    classes: [...new Set([...resolution.missingClasses, ...rows.map((r) => r.className)])].filter(Boolean),
    modules: [...new Set([...resolution.missingModules, ...rows.map((r) => r.moduleName)])].filter(Boolean),
    teachers: [...new Set([...resolution.missingTeachers, ...rows.map((r) => r.teacherName)])].filter(
      Boolean,
    ),
  };
  const found = (list: Entry[] | null, same: typeof sameName, pool: string[]) =>
    (list ?? []).filter((entry) => same(entry, pool));
  const missing = (list: Entry[] | null, same: typeof sameName, pool: string[]) =>
    (list ?? []).filter((entry) => !same(entry, pool)).map(label);
  const modules = found(want.modules, sameName, offered.modules);
  const classes = found(want.classes, sameClass, offered.classes);
  const teachers = found(want.teachers, sameName, offered.teachers);
  const hits = forbiddenHits(want, offered);
  const counted = want.slotsFor
    ? rows.filter((r) => want.slotsFor?.some((c) => sameClass(c, [r.className])))
    : rows;
  const count = new Set(
    counted.map((r) =>
      [r.className, r.dayOfWeek, `${r.startTime}-${r.endTime}`, r.moduleName, r.teacherName]
        .map(String)
        .map(norm)
        .join('|'),
    ),
  ).size;
  const countOk = Math.abs(count - want.slots) <= 0.2 * want.slots;
  const allModules = modules.length === (want.modules ?? []).length;
  const allClasses = classes.length === (want.classes ?? []).length;
  const basis: [number, number] = want.modules?.length
    ? [modules.length, want.modules.length]
    : want.classes?.length
      ? [classes.length, want.classes.length]
      : [teachers.length, (want.teachers ?? []).length];
  const verdict: Verdict =
    allModules && allClasses && hits.length === 0 && countOk
      ? 'read'
      : basis[1] > 0 && basis[0] * 2 >= basis[1]
        ? 'partly'
        : 'not read';
  const part = (name: string, got: Entry[], list: Entry[] | null, same: typeof sameName, pool: string[]) =>
    list === null
      ? `${name} -`
      : `${name} ${got.length}/${list.length}${got.length < list.length ? ` (missing ${missing(list, same, pool).join(', ')})` : ''}`;
  const detail = [
    part('modules', modules, want.modules, sameName, offered.modules),
    part('classes', classes, want.classes, sameClass, offered.classes),
    part('teachers', teachers, want.teachers, sameName, offered.teachers),
    `slots ${count}/${want.slots}${countOk ? '' : ' (off by more than 20%)'}`,
    hits.length
      ? `offered wrongly: ${hits.slice(0, 4).join('; ')}${hits.length > 4 ? ` +${hits.length - 4}` : ''}`
      : 'nothing forbidden offered',
    `offered ${offered.classes.length} classes, ${offered.modules.length} modules, ${offered.teachers.length} teachers`,
  ].join('; ');
  return { verdict, detail };
}

describe('real timetable files nobody here wrote', () => {
  const files = Object.keys(EXPECTED);
  const scores = new Map<string, Score>();
  for (const file of files) {
    const want = EXPECTED[file];
    if (want !== undefined) scores.set(file, score(file, want));
  }
  const lines = files.map((file) => {
    const s = scores.get(file);
    return `${(s?.verdict ?? '?').toUpperCase().padEnd(8)} ${file}: ${s?.detail ?? ''}`;
  });
  const count = (v: Verdict) => [...scores.values()].filter((s) => s.verdict === v).length;
  console.log(
    `${lines.join('\n')}\nreal files: ${count('read')} read, ${count('partly')} partly, ${count('not read')} not read of ${files.length}`,
  );

  it('every fixture has its expected reading', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of READ_FILES) expect(files).toContain(file);
  });

  it.each(READ_FILES.map((file) => [file]))('%s stays read', (file) => {
    expect(scores.get(file)?.detail).toBeDefined();
    expect(`${scores.get(file)?.verdict}: ${scores.get(file)?.detail}`).toMatch(/^read: /);
  });
});
