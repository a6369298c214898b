import { assignmentKey } from './unassigned';
import {
  referenceKey,
  resolveReferences,
  type ParsedFile,
  type ReferenceResolution,
  type References,
} from '../timetable-parsing';
import { DAYS_OF_WEEK } from '../timetable-parsing/types';

/** Names fixed by hand in the verification dialog, by the folded name the file gave (referenceKey). */
export interface NameChanges {
  classes: Readonly<Record<string, string>>;
  modules: Readonly<Record<string, string>>;
  teachers: Readonly<Record<string, string>>;
}

export const NO_NAME_CHANGES: NameChanges = { classes: {}, modules: {}, teachers: {} };

function renamed(changes: Readonly<Record<string, string>>, name: string): string {
  const next = changes[referenceKey(name)];
  return next === undefined || next.trim() === '' ? name : next.trim().replace(/\s+/g, ' ');
}

/**
 * The parsed file with the names fixed by hand: a class renamed, or mapped onto an existing class (its code
 * given as the new name), and the same for modules and teachers. Applied before matching the references,
 * so a renamed class is found, created or merged like any other.
 */
export function applyNameChanges(parsed: ParsedFile, changes: NameChanges): ParsedFile {
  return {
    tables: parsed.tables.map((table) => ({
      ...table,
      className: renamed(changes.classes, table.className),
      rows: table.rows.map((row) => {
        const cells = { ...row.cells };
        for (const day of DAYS_OF_WEEK) {
          cells[day] = row.cells[day].map((cell) => ({
            ...cell,
            moduleName: cell.moduleName === '' ? '' : renamed(changes.modules, cell.moduleName),
            teacherName: cell.teacherName === '' ? '' : renamed(changes.teachers, cell.teacherName),
          }));
        }
        return { ...row, cells };
      }),
    })),
  };
}

/** Where a detected class came from: its sheets and rows (1-based, as a spreadsheet shows them). */
export interface DetectedClass {
  name: string;
  sources: { sheetName: string; firstRow: number; lastRow: number }[];
  courseCount: number;
}

/** The classes the file gave, in file order, each with the sheets and rows it was read from. */
export function detectedClasses(parsed: ParsedFile): DetectedClass[] {
  const byKey = new Map<string, DetectedClass>();
  for (const table of parsed.tables) {
    const key = referenceKey(table.className);
    const entry = byKey.get(key) ?? { name: table.className, sources: [], courseCount: 0 };
    byKey.set(key, entry);
    const rows = table.rows.map((row) => row.sourceRow);
    if (rows.length === 0) continue;
    const firstRow = Math.min(...rows, table.headerRow >= 0 ? table.headerRow : Infinity) + 1;
    const lastRow = Math.max(...rows) + 1;
    const same = entry.sources.find((s) => s.sheetName === table.sheetName);
    if (same !== undefined) {
      same.firstRow = Math.min(same.firstRow, firstRow);
      same.lastRow = Math.max(same.lastRow, lastRow);
    } else entry.sources.push({ sheetName: table.sheetName, firstRow, lastRow });
    entry.courseCount += table.rows.reduce(
      (n, row) => n + DAYS_OF_WEEK.reduce((k, day) => k + row.cells[day].length, 0),
      0,
    );
  }
  return [...byKey.values()];
}

/** Every class and module to create has its level and institute (never created without them). */
export function missingPlacesComplete(
  names: readonly string[],
  placeOf: (name: string) => { levelId: string | null; instituteId: string | null },
): boolean {
  return names.every((name) => {
    const place = placeOf(name);
    return place.levelId !== null && place.instituteId !== null;
  });
}

/** The three kinds of names the verification dialog fixes. */
export type NameKind = 'classes' | 'modules' | 'teachers';

/**
 * Names mapped by hand onto an existing class, module or user, by the folded name the file gave: the id of the
 * record chosen. An id, not a name, so two modules called "Anglais" (two levels) or two teachers of the same
 * name are told apart.
 */
export type NameMappings = Readonly<Record<NameKind, Readonly<Record<string, string>>>>;

export const NO_NAME_MAPPINGS: NameMappings = { classes: {}, modules: {}, teachers: {} };

/** What the user fixed in the dialog: a name typed, or an existing record chosen (the choice wins). */
export interface NameFixes {
  renames: NameChanges;
  mappings: NameMappings;
  /**
   * Teachers chosen for the courses the file leaves "à affecter" (issue 30 item 5): user id by module and class
   * (assignmentKey of the file's names). Courses without a choice stay without a teacher.
   */
  assignments?: Readonly<Record<string, string>>;
}

export const NO_NAME_FIXES: NameFixes = { renames: NO_NAME_CHANGES, mappings: NO_NAME_MAPPINGS };

/** The reference data with what each record is shown as (a class's code, a module's or a user's name). */
export interface FixableReferences extends References {
  users: readonly (References['users'][number] & { email?: string })[];
}

/** A name no file can hold (it starts with a NUL): stands for one chosen record while matching. */
const ALIAS_PREFIX = '\u0000import-choice:';

/** The file's name once fixed: the typed name, the chosen record's own name, or the file's name. */
export function fixedName(
  kind: NameKind,
  name: string,
  fixes: NameFixes,
  references: FixableReferences,
): string {
  const id = fixes.mappings[kind][referenceKey(name)];
  if (id !== undefined) {
    const shown = displayNameOf(kind, id, references);
    if (shown !== null) return shown;
  }
  return renamed(fixes.renames[kind], name);
}

function displayNameOf(kind: NameKind, id: string, references: FixableReferences): string | null {
  if (kind === 'classes') return references.classes.find((c) => c.id === id)?.code ?? null;
  if (kind === 'modules') return references.courseModules.find((m) => m.id === id)?.name ?? null;
  return references.users.find((u) => u.id === id)?.name ?? null;
}

/**
 * Matches the file against the references with the names fixed by hand (spec part 2 points 2 and 5): a renamed
 * name is matched, created or merged like any other; a name mapped onto a record becomes that record's courses
 * whatever its name. A mapping onto a record that no longer exists is ignored (the file's name stays).
 */
export function resolveWithFixes(
  parsed: ParsedFile,
  fixes: NameFixes,
  references: FixableReferences,
): ReferenceResolution {
  const aliases = new Map<string, { kind: NameKind; id: string; shown: string }>();
  const aliasOf: Record<NameKind, Map<string, string>> = {
    classes: new Map(),
    modules: new Map(),
    teachers: new Map(),
  };
  for (const kind of ['classes', 'modules', 'teachers'] as const) {
    for (const [key, id] of Object.entries(fixes.mappings[kind])) {
      const shown = displayNameOf(kind, id, references);
      if (shown === null) continue;
      const alias = `${ALIAS_PREFIX}${aliases.size}`;
      aliases.set(referenceKey(alias), { kind, id, shown });
      aliasOf[kind].set(key, alias);
    }
  }
  const assigned = new Map<string, string>();
  for (const [key, id] of Object.entries(fixes.assignments ?? {})) {
    const shown = displayNameOf('teachers', id, references);
    if (shown === null) continue;
    const alias = `${ALIAS_PREFIX}${aliases.size}`;
    aliases.set(referenceKey(alias), { kind: 'teachers', id, shown });
    assigned.set(key, alias);
  }
  const nameOf = (kind: NameKind, name: string) =>
    aliasOf[kind].get(referenceKey(name)) ?? renamed(fixes.renames[kind], name);
  const fixed: ParsedFile = {
    tables: parsed.tables.map((table) => ({
      ...table,
      className: nameOf('classes', table.className),
      rows: table.rows.map((row) => {
        const cells = { ...row.cells };
        for (const day of DAYS_OF_WEEK) {
          cells[day] = row.cells[day].map((cell) => ({
            ...cell,
            moduleName: cell.moduleName === '' ? '' : nameOf('modules', cell.moduleName),
            teacherName:
              cell.teacherName === ''
                ? (assigned.get(assignmentKey(cell.moduleName, table.className)) ?? '')
                : nameOf('teachers', cell.teacherName),
          }));
        }
        return { ...row, cells };
      }),
    })),
  };
  const aliased = [...aliases.entries()];
  const resolution = resolveReferences(fixed, {
    classes: [
      ...references.classes,
      ...aliased.filter(([, a]) => a.kind === 'classes').map(([code, a]) => ({ id: a.id, code })),
    ],
    courseModules: [
      ...references.courseModules,
      ...aliased.filter(([, a]) => a.kind === 'modules').map(([name, a]) => ({ id: a.id, name })),
    ],
    users: [
      ...references.users,
      ...aliased
        .filter(([, a]) => a.kind === 'teachers')
        .map(([name, a]) => ({ id: a.id, name, status: 'Active' })),
    ],
  });
  // Names shown to the user: the chosen record's, never the stand-in.
  const shown = (name: string) => aliases.get(referenceKey(name))?.shown ?? name;
  return {
    ...resolution,
    timetables: resolution.timetables.map((t) => ({ ...t, className: shown(t.className) })),
    skipped: resolution.skipped.map((s) => ({
      ...s,
      className: shown(s.className),
      moduleName: shown(s.moduleName),
      teacherName: shown(s.teacherName),
    })),
  };
}

/** A module or teacher name read in the file, with how many courses carry it. */
export interface DetectedName {
  name: string;
  courseCount: number;
}

/** The module names, or the teacher names, the file gave, in file order, each with its number of courses. */
export function detectedNames(parsed: ParsedFile, kind: 'modules' | 'teachers'): DetectedName[] {
  const byKey = new Map<string, DetectedName>();
  for (const table of parsed.tables) {
    for (const row of table.rows) {
      for (const day of DAYS_OF_WEEK) {
        for (const cell of row.cells[day]) {
          const name = (kind === 'modules' ? cell.moduleName : cell.teacherName).trim().replace(/\s+/g, ' ');
          const key = referenceKey(name);
          if (key === '') continue;
          const entry = byKey.get(key) ?? { name, courseCount: 0 };
          entry.courseCount += 1;
          byKey.set(key, entry);
        }
      }
    }
  }
  return [...byKey.values()];
}

/**
 * The existing user a teacher's "Associer à" field designates: typed as an e-mail, as "Name <email>" (the
 * suggestion offered), or as a name only one user carries. null while the text designates no one, or several.
 */
export function userMatchingText<T extends { id: string; name: string; email?: string }>(
  users: readonly T[],
  text: string,
): T | null {
  const value = text.trim();
  if (value === '') return null;
  const bracketed = /<([^<>]+)>\s*$/.exec(value);
  const email = (bracketed?.[1] ?? value).trim().toLowerCase();
  const byEmail = users.find((u) => (u.email ?? '').trim().toLowerCase() === email);
  if (byEmail !== undefined) return byEmail;
  const key = referenceKey(value);
  const byName = users.filter((u) => referenceKey(u.name) === key);
  return byName.length === 1 ? (byName[0] ?? null) : null;
}

/** The suggestion shown for a user in a teacher's "Associer à" field: name and e-mail, told apart. */
export function userChoiceLabel(user: { name: string; email?: string }): string {
  return user.email ? `${user.name} <${user.email}>` : user.name;
}
