import { isAdminType, isTeacherType } from '../module-catalogue';
import type { LoginMode } from '../store/schema';

/** What shows that an account also teaches: any one of them is enough. */
export interface TeachingEvidence {
  /** "Type d'enseignant" of the user record (interne, vacataire), set by an administrator. */
  teacherType?: unknown;
  /** Courses of the planning that name the person as their teacher. */
  courseCount: number;
  /** Contract files and VH contracts held for the person. */
  contractCount: number;
  /** Check-ins or check-outs of their own. */
  checkCount: number;
}

export function teaches(evidence: TeachingEvidence): boolean {
  const hasType = typeof evidence.teacherType === 'string' && evidence.teacherType.trim() !== '';
  return hasType || evidence.courseCount > 0 || evidence.contractCount > 0 || evidence.checkCount > 0;
}

/** Whether the modules to use for the menu need the (costlier) teaching evidence at all. */
export function needsTeachingEvidence(granted: ReadonlySet<string>, loginMode: LoginMode): boolean {
  return loginMode !== 'pin' && isAdminType(granted) && isTeacherType(granted);
}

const isTeacherModule = (id: string) => id === 'teacher' || id.startsWith('teacher.');

/**
 * The modules a person's own screens offer. Issue 33 point 9: a director's profile (Super Admin holds every
 * module) showed "Espace pédagogique" and "Mon contrat", which opened a teacher's contract form for her. An
 * administration account keeps the teacher space only when it also teaches; a teacher's account, and a PIN
 * session (the kiosk lists whoever holds teacher.today), keep their modules as the profile grants them. The
 * server's rights are unchanged: this is what the screens offer, never what the server allows.
 */
export function ownScreenModules(
  granted: ReadonlySet<string>,
  loginMode: LoginMode,
  isTeaching: boolean,
): ReadonlySet<string> {
  if (!needsTeachingEvidence(granted, loginMode) || isTeaching) return granted;
  return new Set([...granted].filter((id) => !isTeacherModule(id)));
}
