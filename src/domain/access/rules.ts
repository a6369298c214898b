import { isModuleGranted } from '../module-catalogue';
import { allowedSlotActions, hasPlanningActions } from '../planning/permissions';
import type { CollectionName } from '../store/collections';
import type { Slot } from '../store/schema';
import type { AccessLookup } from './lookup';
import { effectiveModules, profileModuleIds, type Viewer } from './viewer';

/**
 * Small shared building blocks of the access rules, used by read.ts, write.ts and the UI where
 * the UI decides who may act. Module ids are those of domain/module-catalogue.
 */

/** Fields of a user nobody but the user receives: the one list, domain/users/secret-fields. */
export { SECRET_USER_FIELDS } from '../users/secret-fields';

/**
 * What every signed-in user receives of the other users: names for the planning, attendance, workload and
 * journal screens, e-mail (import matching, contract file), profile and status (PIN list, profile counts),
 * the import stamp (import deletion) and the emergency flag (emergency area).
 */
export const PUBLIC_USER_FIELDS = [
  'id',
  'name',
  'email',
  'profileId',
  'status',
  'createdByImportId',
  'isEmergency',
] as const;

/** Form fields (stored in `extra`) that name or type a teacher; the others (phone, matricule...) stay private. */
export const PUBLIC_USER_EXTRA_FIELDS = ['firstName', 'lastName', 'teacherType'] as const;

/** What a kiosk needs to verify a PIN offline and keep its cooldown (spec part 1 points 4 and 9). */
export const PIN_STATE_FIELDS = [
  'pinHash',
  'pinSalt',
  'pinFailedAttempts',
  'pinCooldownUntil',
  'pinExpiresAt',
  'pinUpdatedAt',
] as const;

/** PIN failure counting and cooldown (domain/auth/pin afterPinFailure / afterPinSuccess). */
export const PIN_ATTEMPT_FIELDS = ['pinFailedAttempts', 'pinCooldownUntil'] as const;

/**
 * What a user may change on their own record through a sync mutation: PIN attempts only. A password change
 * (and the first-login change) goes through POST /api/auth/password, where the server checks the current
 * password itself: a stolen session could otherwise replace it, and end a forced change by itself.
 */
export const OWN_USER_WRITABLE_FIELDS = [...PIN_ATTEMPT_FIELDS] as const;

/** Position captured at check-in/out (spec part 2 point 5): a kiosk never receives it. */
export const POSITION_FIELDS = ['latitude', 'longitude', 'accuracy'] as const;

/** Fields of a contract file written only by a compliance reviewer (spec part 2 point 4). */
export const REVIEW_FIELDS = [
  'validatedAt',
  'validatedByUserId',
  'validatedByUserName',
  'rejectionReason',
  'rejectedAt',
  'rejectedByUserId',
  'rejectedByUserName',
] as const;

/** Teacher-space modules: any user may give them (an imported teacher gets them), they unlock nothing else. */
export const TEACHER_MODULE_IDS: ReadonlySet<string> = new Set([
  'teacher',
  'teacher.today',
  'teacher.planning',
  'teacher.workload',
  'teacher.contract',
]);

/** The modules a viewer acts with; kiosk and system have none (their rules do not go through modules). */
export function modulesOf(viewer: Viewer): ReadonlySet<string> {
  return viewer.kind === 'user' ? effectiveModules(viewer) : new Set();
}

export function holds(viewer: Viewer, moduleId: string): boolean {
  return viewer.kind === 'user' && effectiveModules(viewer).has(moduleId);
}

export function holdsAny(viewer: Viewer, moduleIds: readonly string[]): boolean {
  return moduleIds.some((id) => holds(viewer, id));
}

/** Spec part 2 point 2: profiles with the attendance module follow every check-in; others only their own. */
export function seesAllNotifications(granted: ReadonlySet<string>): boolean {
  return granted.has('attendance');
}

/** Spec part 2 point 4: Valider / Refuser a teacher's contract file ("Fiche d'identification"). */
export function mayReviewContracts(granted: ReadonlySet<string>): boolean {
  return granted.has('contracts.compliance');
}

/**
 * Every planning log: attendance follow-up, the planning screens (course history), workload (real hours)
 * and the VH contracts (line usage). Others receive the logs of their own courses.
 */
export function readsAllPlanningLogs(granted: ReadonlySet<string>): boolean {
  return (
    granted.has('attendance') ||
    isModuleGranted(granted, 'planning') ||
    granted.has('workload') ||
    isModuleGranted(granted, 'contracts')
  );
}

/** VH contracts: their screen, and the contract warnings of import, slot reschedule and request validation. */
export function readsAllContracts(granted: ReadonlySet<string>): boolean {
  return (
    granted.has('contracts.vh') ||
    // The hours' follow-up and payroll export (issue 32) price the hours at the VH contracts' rates.
    granted.has('workload') ||
    granted.has('planning.importer') ||
    granted.has('planning.consulter.actions') ||
    granted.has('planning.reprogrammation')
  );
}

/** The Données screen replaces the whole organisation's data (import of a v1 file). */
export function mayReplaceStore(granted: ReadonlySet<string>): boolean {
  return granted.has('settings.donnees');
}

/** Whether a list of module ids holds nothing beyond `granted` (teacher-space modules excepted). */
export function modulesWithin(granted: ReadonlySet<string>, moduleIds: unknown): boolean {
  const ids = Array.isArray(moduleIds) ? moduleIds : [];
  return ids.every((id) => typeof id === 'string' && (TEACHER_MODULE_IDS.has(id) || granted.has(id)));
}

/**
 * A backup holds every password and PIN hash and a restore rewrites every account: both are for a session that
 * could grant every profile of the organisation (rights bound what one can grant). Données alone, on a
 * profile without `users` or with fewer modules than an administrator, would otherwise read the Super Admin's
 * hash or restore one it knows.
 */
export function mayRestoreStore(
  granted: ReadonlySet<string>,
  profiles: readonly { moduleIds?: unknown }[],
): boolean {
  return mayReplaceStore(granted) && profiles.every((p) => modulesWithin(granted, p.moduleIds));
}

/**
 * The conflict log (GET /api/conflicts) keeps the values that lost a concurrent edit, of any record, secrets
 * included: it is for the people who hold the whole store (users and Données). A PIN session acts with
 * teacher.today alone (effectiveModules), whatever its profile grants.
 */
export function mayReadConflicts(viewer: Viewer): boolean {
  return holds(viewer, 'users') && holds(viewer, 'settings.donnees');
}

/** Spec part 1 point 4: PIN login only for Active users whose profile includes teacher.today. */
export function isPinTeacher(
  user: { status?: unknown; profileId?: unknown } | null,
  lookup: Pick<AccessLookup, 'profiles'>,
): boolean {
  if (!user || user.status !== 'Active') return false;
  const profileId = typeof user.profileId === 'string' ? user.profileId : null;
  return profileModuleIds(lookup.profiles, profileId).has('teacher.today');
}

/**
 * Arrivée / Départ on a slot (spec part 2 points 4 and 6): with planning.consulter.actions on every slot;
 * otherwise a user only on their own non-canceled slots. A kiosk: any non-canceled slot of an active
 * teacher.today holder (it needs the lookup for that; without it, nothing).
 */
export function mayRecordAttendance(
  viewer: Viewer,
  slot: Pick<Slot, 'teacherUserId' | 'canceled'>,
  lookup?: Pick<AccessLookup, 'profiles' | 'user'>,
): boolean {
  if (viewer.kind === 'system') return true;
  if (viewer.kind === 'kiosk') {
    return !!lookup && !slot.canceled && isPinTeacher(lookup.user(slot.teacherUserId), lookup);
  }
  const slotViewer = {
    currentUserId: viewer.userId,
    hasPlanningActions: hasPlanningActions(effectiveModules(viewer)),
  };
  return allowedSlotActions(slot, slotViewer).includes('checkin');
}

/** Collections every session receives in full: references, timetables, organisation settings. */
export const SHARED_COLLECTIONS: ReadonlySet<CollectionName> = new Set([
  'profiles',
  'modules',
  'institutes',
  'levels',
  'classes',
  'courseModules',
  'timetables',
  'settings',
  // Every device shows a closed month read-only (issue 32).
  'monthClosures',
  // Who gives a course (issue 35): the substitute's devices, kiosks included, and every planning view.
  'substitutions',
]);

/**
 * Whether a viewer may receive at least some records of a collection (the server can skip the others).
 * 'own' collections are readable by every user: each receives the records about themselves.
 */
export function canReadCollection(viewer: Viewer, collection: CollectionName): boolean {
  if (viewer.kind === 'system' || SHARED_COLLECTIONS.has(collection)) return true;
  if (viewer.kind === 'kiosk') return collection === 'users' || collection === 'planningLogs';
  const granted = effectiveModules(viewer);
  switch (collection) {
    case 'planningImports':
      return granted.has('planning.importer') || granted.has('planning.historique');
    case 'userLogs':
      return granted.has('journal');
    default:
      // users, planningLogs, notifications, rescheduleRequests, contracts, teacherContractSubmissions: own.
      return true;
  }
}
