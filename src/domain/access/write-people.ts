import { canOpen } from '../auth/routes';
import type { RecordData } from './record';
import { mayReviewContracts, OWN_USER_WRITABLE_FIELDS, REVIEW_FIELDS, TEACHER_MODULE_IDS } from './rules';
import { profileModuleIds } from './viewer';
import {
  ALLOWED,
  anyChanged,
  onlyChanged,
  refuse,
  textOf,
  type UserWrite,
  type WriteDecision,
} from './write-context';

/**
 * Writes about people by a signed-in user, as the screens make them (features/users, features/profiles,
 * features/auth, services/planning-import, services/contracts).
 */

/**
 * The import creates teachers and its deletion removes them: only in a profile that grants nothing the
 * importer lacks besides the teacher modules, so the import cannot make an administrator whose initial
 * password is known.
 */
function withinReach(write: UserWrite, user: RecordData): boolean {
  const granted = profileModuleIds(write.lookup.profiles, textOf(user.profileId));
  return [...granted].every((id) => TEACHER_MODULE_IDS.has(id) || write.modules.has(id));
}

export function authorizeUserWrite(write: UserWrite): WriteDecision {
  if (write.modules.has('users')) return ALLOWED;
  if (write.op === 'create') {
    const user = write.after;
    const imported =
      write.modules.has('planning.importer') &&
      textOf(user.createdByImportId) !== null &&
      user.isEmergency !== true &&
      withinReach(write, user);
    return imported ? ALLOWED : refuse('not-permitted');
  }
  if (write.op === 'delete') {
    const removable =
      write.modules.has('planning.historique') &&
      textOf(write.before.createdByImportId) !== null &&
      withinReach(write, write.before);
    return removable ? ALLOWED : refuse('not-permitted');
  }
  // Deleting a profile clears profileId on its users (spec part 1 point 4).
  if (write.modules.has('profiles') && onlyChanged(write, ['profileId']) && write.after.profileId == null)
    return ALLOWED;
  // Saving an import stamps the teachers it created with its id.
  if (
    write.modules.has('planning.importer') &&
    onlyChanged(write, ['createdByImportId']) &&
    textOf(write.before.createdByImportId) !== null &&
    textOf(write.after.createdByImportId) !== null &&
    withinReach(write, write.before)
  )
    return ALLOWED;
  if (write.recordId !== write.viewer.userId) return refuse('not-permitted');
  // Own record: password change, first login, PIN attempts; never profile, status, e-mail...
  return onlyChanged(write, OWN_USER_WRITABLE_FIELDS) ? ALLOWED : refuse('field-not-permitted');
}

/** The journal is written with the actor's own id (or none: system events); never edited. */
export function authorizeUserLogWrite(write: UserWrite): WriteDecision {
  if (write.op !== 'create') return refuse('append-only');
  const actor = write.after.actorUserId ?? null;
  return actor === null || actor === write.viewer.userId ? ALLOWED : refuse('actor-mismatch');
}

const REVIEW_STATUSES: readonly unknown[] = ['validated', 'rejected'];
const OWNER_STATUSES: readonly unknown[] = ['draft', 'submitted'];

/**
 * Contract file (spec part 2 point 4): the teacher saves and submits their own file until it is validated;
 * a compliance reviewer validates or rejects, recording themself, and changes nothing else.
 */
export function authorizeSubmissionWrite(write: UserWrite): WriteDecision {
  if (write.op === 'delete') return refuse('not-permitted');
  const userId = write.viewer.userId;
  const ownerId = write.op === 'update' ? write.before.teacherUserId : write.after.teacherUserId;
  if (ownerId === userId) return ownerDecision(write);
  if (write.op === 'update' && mayReviewContracts(write.modules)) return reviewDecision(write);
  return refuse('not-permitted');
}

function ownerDecision(write: UserWrite & { op: 'create' | 'update' }): WriteDecision {
  const { viewer } = write;
  if (!canOpen('/teacher/contract', { granted: viewer.granted, loginMode: viewer.loginMode }))
    return refuse('not-permitted');
  if (write.op === 'update' && write.before.status === 'validated') return refuse('read-only');
  const fixed = write.op === 'update' ? ['teacherUserId', ...REVIEW_FIELDS] : REVIEW_FIELDS;
  if (anyChanged(write, fixed)) return refuse('field-not-permitted');
  const status = write.after.status;
  const keepsStatus = write.op === 'update' && status === write.before.status;
  return keepsStatus || OWNER_STATUSES.includes(status) ? ALLOWED : refuse('status-not-permitted');
}

function reviewDecision(write: UserWrite & { op: 'update' }): WriteDecision {
  if (write.before.status === 'validated') return refuse('read-only');
  if (!onlyChanged(write, [...REVIEW_FIELDS, 'status', 'updatedAt'])) return refuse('field-not-permitted');
  const status = write.after.status;
  if (status !== write.before.status && !REVIEW_STATUSES.includes(status))
    return refuse('status-not-permitted');
  for (const field of ['validatedByUserId', 'rejectedByUserId'] as const) {
    const reviewer = write.after[field] ?? null;
    if (anyChanged(write, [field]) && reviewer !== null && reviewer !== write.viewer.userId)
      return refuse('actor-mismatch');
  }
  return ALLOWED;
}
