import { MODULE_CATALOGUE } from './module-catalogue';
import type { ModuleRecord, Profile } from './store/schema';

export const SUPER_ADMIN_PROFILE_ID = 'super-admin';
export const TEACHER_PROFILE_ID = 'teacher';
export const ORG_SETTINGS_ID = 'org';
// spec part 1 point 5: PIN validity days, min 1, max 365, default 90.
export const PIN_VALIDITY_DAYS_DEFAULT = 90;
export const PIN_VALIDITY_DAYS_MIN = 1;
export const PIN_VALIDITY_DAYS_MAX = 365;

const ALL_MODULE_IDS = MODULE_CATALOGUE.map((m) => m.id);

export function catalogueModules(): ModuleRecord[] {
  return MODULE_CATALOGUE.map((m) => ({ id: m.id, name: m.name, parentId: m.parentId }));
}

/**
 * Default profiles (spec part 1 point 6; the teacher also gets teacher.contract, part 2 point 6). The teacher
 * profile is named "Enseignant": the import rule gives new teachers "the profile whose name contains
 * 'enseignant', else the first", and the first is Super Admin.
 */
export function defaultProfiles(): Profile[] {
  return [
    {
      id: SUPER_ADMIN_PROFILE_ID,
      name: 'Super Admin',
      moduleIds: [...ALL_MODULE_IDS],
      formFieldKeys: ['email'],
    },
    {
      id: 'admin',
      name: 'Admin',
      moduleIds: [...ALL_MODULE_IDS],
      formFieldKeys: ['email', 'phone', 'matricule'],
    },
    { id: 'contributeur', name: 'Contributeur', moduleIds: ['user-mgmt', 'users'], formFieldKeys: ['email'] },
    {
      id: TEACHER_PROFILE_ID,
      name: 'Enseignant',
      // spec part 2 point 6 lists teacher.contract among the Teacher modules; the teacher routing rule
      // (part 2 point 4) sends a teacher there until the contract file is validated.
      moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.workload', 'teacher.contract'],
      formFieldKeys: ['firstName', 'lastName', 'email', 'phone', 'teacherType', 'instituteIds', 'levelIds'],
    },
  ];
}
