import type { TeacherContractSubmission } from '../store/schema';

export const TEACHER_CONTRACT_ROUTE = '/teacher/contract';
// spec part 2 point 4: teacher-type means teacher.contract or teacher; admin-type means users, profiles,
// settings or contracts.compliance.
const TEACHER_TYPE_MODULES = ['teacher', 'teacher.contract'];
const ADMIN_TYPE_MODULES = ['users', 'profiles', 'settings', 'contracts.compliance'];

/** A module or one of its children is granted (spec part 2 point 6: a parent counts if any child is). */
function grants(moduleIds: ReadonlySet<string>, moduleId: string): boolean {
  if (moduleIds.has(moduleId)) return true;
  for (const id of moduleIds) if (id.startsWith(`${moduleId}.`)) return true;
  return false;
}

/**
 * spec part 2 point 4, teacher routing rule: a teacher without a validated contract file and without an
 * admin-type module is sent to /teacher/contract.
 */
export function mustCompleteContractFile(
  grantedModuleIds: Iterable<string>,
  submission: Pick<TeacherContractSubmission, 'status'> | null | undefined,
): boolean {
  const ids = new Set(grantedModuleIds);
  const isTeacher = TEACHER_TYPE_MODULES.some((id) => grants(ids, id));
  const isAdmin = ADMIN_TYPE_MODULES.some((id) => grants(ids, id));
  return isTeacher && !isAdmin && submission?.status !== 'validated';
}
