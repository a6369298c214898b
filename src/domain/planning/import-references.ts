import type { CourseModule, Profile, SchoolClass, User } from '../store/schema';
import { referenceKey, teacherEmailFromName } from '../timetable-parsing';

/** A missing class or course module, with the level and institute chosen in its small form. */
export interface NewReferenceDraft {
  name: string;
  levelId: string | null;
  instituteId: string | null;
}

/** A missing teacher; an empty e-mail gets one built from the name (spec part 2 point 5). */
export interface NewTeacherDraft {
  name: string;
  email: string;
  profileId: string | null;
}

export interface NewReferencesInput {
  classes: readonly NewReferenceDraft[];
  modules: readonly NewReferenceDraft[];
  teachers: readonly NewTeacherDraft[];
  importId: string;
  existing: {
    classes: readonly Pick<SchoolClass, 'code'>[];
    courseModules: readonly Pick<CourseModule, 'code' | 'name'>[];
    users: readonly Pick<User, 'email' | 'name'>[];
  };
  /** A password hash for the new teachers; absent (issue 29): the server makes each one an invitation. */
  passwordHash?: string;
  newId: (prefix: string) => string;
}

export interface NewReferences {
  classes: SchoolClass[];
  courseModules: CourseModule[];
  users: User[];
}

export type TeacherDraftIssue = 'email-invalid' | 'email-taken';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MODULE_CODE_MAX_LENGTH = 12;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** spec part 2 point 5: a new teacher gets the profile whose name contains 'enseignant', else the first one. */
export function teacherProfileId(profiles: readonly Pick<Profile, 'id' | 'name'>[]): string | null {
  return (profiles.find((p) => fold(p.name).includes('enseignant')) ?? profiles[0])?.id ?? null;
}

/** "Programmation web" -> "PROGRAMMATIO", then "PROGRAMMATI2"... unique among the given codes. */
export function moduleCodeFromName(name: string, takenCodes: Iterable<string>): string {
  const base =
    fold(name)
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '')
      .slice(0, MODULE_CODE_MAX_LENGTH) || 'MODULE';
  const taken = new Set([...takenCodes].map((code) => code.trim().toUpperCase()));
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) {
    const suffix = String(n);
    candidate = `${base.slice(0, MODULE_CODE_MAX_LENGTH - suffix.length)}${suffix}`;
  }
  return candidate;
}

/** Checks a typed e-mail; an empty one is fine (it is generated). */
export function teacherDraftIssue(
  email: string,
  existingEmails: readonly string[],
): TeacherDraftIssue | null {
  const value = email.trim().toLowerCase();
  if (value === '') return null;
  if (!EMAIL_PATTERN.test(value)) return 'email-invalid';
  return existingEmails.some((e) => e.trim().toLowerCase() === value) ? 'email-taken' : null;
}

/**
 * The records for the missing references (spec part 2 point 5): classes and modules with their level and
 * institute, teachers Active with the chosen profile, the imported-teacher password (to change at first
 * login) and an e-mail. Every record carries createdByImportId so deleting the import removes it again.
 * Names already known (case-insensitive, trimmed) and repeated names are skipped.
 */
export function buildNewReferences(input: NewReferencesInput): NewReferences {
  const classKeys = new Set(input.existing.classes.map((c) => referenceKey(c.code)));
  const moduleKeys = new Set(input.existing.courseModules.map((m) => referenceKey(m.name)));
  const userKeys = new Set(input.existing.users.map((u) => referenceKey(u.name)));
  const moduleCodes = input.existing.courseModules.map((m) => m.code);
  const emails = input.existing.users.map((u) => u.email);
  const result: NewReferences = { classes: [], courseModules: [], users: [] };
  const isNew = (keys: Set<string>, name: string) => {
    const key = referenceKey(name);
    if (key === '' || keys.has(key)) return false;
    keys.add(key);
    return true;
  };

  for (const draft of input.classes) {
    if (!isNew(classKeys, draft.name)) continue;
    result.classes.push({
      id: input.newId('cls-'),
      code: draft.name.trim().replace(/\s+/g, ' '),
      levelId: draft.levelId,
      instituteId: draft.instituteId,
      createdByImportId: input.importId,
    });
  }
  for (const draft of input.modules) {
    if (!isNew(moduleKeys, draft.name)) continue;
    const code = moduleCodeFromName(draft.name, moduleCodes);
    moduleCodes.push(code);
    result.courseModules.push({
      id: input.newId('cm-'),
      code,
      name: draft.name.trim().replace(/\s+/g, ' '),
      levelId: draft.levelId,
      instituteId: draft.instituteId,
      createdByImportId: input.importId,
    });
  }
  for (const draft of input.teachers) {
    if (!isNew(userKeys, draft.name)) continue;
    const typed = draft.email.trim().toLowerCase();
    const email =
      typed !== '' && teacherDraftIssue(typed, emails) === null
        ? typed
        : teacherEmailFromName(draft.name, emails);
    emails.push(email);
    result.users.push({
      id: input.newId('u-'),
      name: draft.name.trim().replace(/\s+/g, ' '),
      email,
      profileId: draft.profileId,
      status: 'Active',
      // No password unless given: the server makes each teacher's invitation (issue 29).
      ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
      mustChangePassword: true,
      createdByImportId: input.importId,
    });
  }
  return result;
}
