import { PIN_VALIDITY_DAYS_MAX, PIN_VALIDITY_DAYS_MIN } from '../defaults';

/**
 * Form rules of the settings screens (spec part 1 point 5). Each field is checked on its own and yields at
 * most one code; the screens map codes to the specification's texts and keep "Enregistrer" disabled while
 * any field has one.
 */
export type FieldIssues<F extends string, C extends string> = Partial<Record<F, C>>;

export function hasNoIssue(issues: FieldIssues<string, string>): boolean {
  return Object.values(issues).every((code) => code === undefined);
}

const isBlank = (value: string | null | undefined) => (value ?? '').trim() === '';
const sameCode = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');

/** Institutes and levels share their shape (id, name, abbr). */
export interface ReferenceDraft {
  name: string;
  abbr: string;
}
export type ReferenceField = 'name' | 'abbr';
export type ReferenceIssue = 'name-required' | 'abbr-required';

export function validateReference(draft: ReferenceDraft): FieldIssues<ReferenceField, ReferenceIssue> {
  const issues: FieldIssues<ReferenceField, ReferenceIssue> = {};
  if (isBlank(draft.name)) issues.name = 'name-required';
  if (isBlank(draft.abbr)) issues.abbr = 'abbr-required';
  return issues;
}

/** What a class or module form may point to: a reference counts as chosen only if it still exists. */
export interface ReferenceChoices {
  levelIds: ReadonlySet<string>;
  instituteIds: ReadonlySet<string>;
}

export interface ClassDraft {
  code: string;
  levelId: string | null;
  instituteId: string | null;
}
export type ClassField = 'code' | 'levelId' | 'instituteId';
export type ClassIssue = 'code-required' | 'code-taken' | 'level-required' | 'institute-required';

/**
 * Beyond the spec: a class code must be unique (case and spaces ignored), because timetable imports find
 * classes by their code and two classes with one code could not be told apart.
 */
export function validateClass(
  draft: ClassDraft,
  context: ReferenceChoices & { others: readonly { id: string; code: string }[]; selfId: string | null },
): FieldIssues<ClassField, ClassIssue> {
  const issues: FieldIssues<ClassField, ClassIssue> = {};
  if (isBlank(draft.code)) issues.code = 'code-required';
  else if (context.others.some((c) => c.id !== context.selfId && sameCode(c.code, draft.code)))
    issues.code = 'code-taken';
  if (!draft.levelId || !context.levelIds.has(draft.levelId)) issues.levelId = 'level-required';
  if (!draft.instituteId || !context.instituteIds.has(draft.instituteId))
    issues.instituteId = 'institute-required';
  return issues;
}

export interface CourseModuleDraft {
  code: string;
  name: string;
  levelId: string | null;
  instituteId: string | null;
}
export type CourseModuleField = 'code' | 'name' | 'levelId' | 'instituteId';
export type CourseModuleIssue =
  'code-required' | 'code-taken' | 'name-required' | 'level-required' | 'institute-required';

interface ModuleIdentity {
  id: string;
  code: string;
  levelId?: string | null;
  instituteId?: string | null;
}

/**
 * Spec part 1 point 5 "Course module". Beyond the spec: one code per level and institute, since timetable
 * imports and contracts find a module by its code within the class's level and institute.
 */
export function validateCourseModule(
  draft: CourseModuleDraft,
  context: ReferenceChoices & { others: readonly ModuleIdentity[]; selfId: string | null },
): FieldIssues<CourseModuleField, CourseModuleIssue> {
  const issues: FieldIssues<CourseModuleField, CourseModuleIssue> = {};
  const taken = context.others.some(
    (m) =>
      m.id !== context.selfId &&
      sameCode(m.code, draft.code) &&
      (m.levelId ?? null) === draft.levelId &&
      (m.instituteId ?? null) === draft.instituteId,
  );
  if (isBlank(draft.code)) issues.code = 'code-required';
  else if (taken) issues.code = 'code-taken';
  if (isBlank(draft.name)) issues.name = 'name-required';
  // Issue 33 point 5: no level means "Tous niveaux", a module taught at several levels (Anglais in L1, L2 and
  // BTS) is one module; a level that no longer exists is still an error.
  if (draft.levelId !== null && !context.levelIds.has(draft.levelId)) issues.levelId = 'level-required';
  if (!draft.instituteId || !context.instituteIds.has(draft.instituteId))
    issues.instituteId = 'institute-required';
  return issues;
}

export type PinValidityResult = { ok: true; value: number } | { ok: false; code: 'pin-validity-range' };

/** Spec part 1 point 5: PIN validity days, a whole number from 1 to 365. */
export function parsePinValidityDays(text: string): PinValidityResult {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, code: 'pin-validity-range' };
  const value = Number(trimmed);
  if (value < PIN_VALIDITY_DAYS_MIN || value > PIN_VALIDITY_DAYS_MAX)
    return { ok: false, code: 'pin-validity-range' };
  return { ok: true, value };
}
