import type { APIRequestContext, Page } from '@playwright/test';
import { signIn } from '../page-models/sign-in-page';
import { newOrgId, seedOrg } from './org';

/** The administrator who imports timetables: Awa Diop, awa@ecole.sn / Admin@2026. */
export const IMPORT_ADMIN = { email: 'awa@ecole.sn', password: 'Admin@2026' } as const;

/** The modules of the importing administrator: import, history, consult, classes, data, users. */
export const IMPORT_MODULES = [
  'planning.importer',
  'planning.historique',
  'planning.consulter',
  'settings.classes',
  'settings.donnees',
  'users',
];

export interface ImportSchoolOptions {
  /** The administrator's modules (IMPORT_MODULES by default). */
  modules?: readonly string[];
  /**
   * A level and an institute: classes and modules are never created without both. null: none, a new
   * installation's state (the verification then offers to create them).
   */
  level?: { id: string; name: string; abbr: string } | null;
  institute?: { id: string; name: string; abbr: string } | null;
  /** Adds the profile 'teacher' (Enseignant, teacher.today): what the teachers an import creates receive. */
  teacherProfile?: boolean;
  /** The modules of the profile 'teacher' (teacher.today by default). */
  teacherModules?: readonly string[];
  /** Teachers already in the school (profile 'teacher', password IMPORT_TEACHER_PASSWORD): adds that profile. */
  teachers?: readonly ImportTeacher[];
}

/** A teacher the school already has: its account, Active unless said. */
export interface ImportTeacher {
  id: string;
  name: string;
  email: string;
  status?: 'Active' | 'Inactive';
}

/** The password of importSchool()'s teachers. */
export const IMPORT_TEACHER_PASSWORD = 'Prof@2026';

/**
 * A school about to import its timetables: one administrator (IMPORT_ADMIN, profile 'admin'), one level and
 * one institute (unless null), and the teachers given, nothing else.
 */
export function importSchool({
  modules = IMPORT_MODULES,
  level = { id: 'lvl-l', name: 'Licence', abbr: 'L' },
  institute = { id: 'inst-1', name: 'Institut', abbr: 'INS' },
  teacherProfile = false,
  teacherModules = ['teacher.today'],
  teachers = [],
}: ImportSchoolOptions = {}) {
  return {
    users: [
      {
        id: 'u-admin',
        name: 'Awa Diop',
        email: IMPORT_ADMIN.email,
        profileId: 'admin',
        status: 'Active',
        password: IMPORT_ADMIN.password,
        mustChangePassword: false,
      },
      ...teachers.map(({ status = 'Active', ...teacher }) => ({
        ...teacher,
        profileId: 'teacher',
        status,
        password: IMPORT_TEACHER_PASSWORD,
        mustChangePassword: false,
      })),
    ],
    profiles: [
      { id: 'admin', name: 'Administrateur', moduleIds: [...modules], formFieldKeys: ['email'] },
      ...(teacherProfile || teachers.length > 0
        ? [{ id: 'teacher', name: 'Enseignant', moduleIds: [...teacherModules], formFieldKeys: [] }]
        : []),
    ],
    ...(level ? { levels: [level] } : {}),
    ...(institute ? { institutes: [institute] } : {}),
  };
}

/** A collège for the program exports and the grids printed without times. */
export const COLLEGE = {
  level: { id: 'lvl-c', name: 'Collège', abbr: 'C' },
  institute: { id: 'inst-1', name: 'Collège Jean Moulin', abbr: 'CJM' },
} as const;

/**
 * Seeds `school` as a new organisation (its id starts with `prefix`) and signs its administrator in on
 * `page`: the organisation's id.
 */
export async function signedInSchool(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  school: object,
): Promise<string> {
  const orgId = newOrgId(prefix);
  await seedOrg(request, orgId, school as Record<string, unknown>);
  await signIn(page, orgId, IMPORT_ADMIN.email, IMPORT_ADMIN.password);
  return orgId;
}
