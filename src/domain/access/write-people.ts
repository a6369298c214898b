import { canOpen } from '../auth/routes';
import type { RecordData } from './record';
import type { User } from '../store/schema';
import { emailTaken, mayGrantProfile, removesLastAdmin } from '../users/user-rights';
import { profileChangeRemovesLastFullAdmin } from '../users/administrator';
import {
  mayReviewContracts,
  modulesWithin,
  OWN_USER_WRITABLE_FIELDS,
  REVIEW_FIELDS,
  SECRET_USER_FIELDS,
  TEACHER_MODULE_IDS,
} from './rules';
import { profileModuleIds } from './viewer';
import {
  ALLOWED,
  anyChanged,
  onlyChanged,
  refuse,
  textOf,
  type BatchWrite,
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

/** Fields only the server writes on a user: hashes, reset state, PIN validity (POST /api/users/:id/...). */
export const CREDENTIAL_FIELDS: readonly string[] = [
  ...SECRET_USER_FIELDS,
  'pinExpiresAt',
  'pinUpdatedAt',
  'mustChangePassword',
  'invitationExpiresAt',
];

function asUser(record: RecordData): Pick<User, 'id' | 'status' | 'profileId' | 'isEmergency' | 'email'> {
  return {
    id: textOf(record.id) ?? '',
    status: record.status as User['status'],
    profileId: textOf(record.profileId),
    email: typeof record.email === 'string' ? record.email : '',
    ...(record.isEmergency === true ? { isEmergency: true } : {}),
  };
}

/** The organisation's users with this write applied (for the last administrator check). */
function usersOf(write: UserWrite): ReturnType<typeof asUser>[] | undefined {
  return write.env.users?.map(asUser);
}

/**
 * A user-management write (module users): rights bound what one can grant (see domain/users/user-rights).
 * The profile given must be grantable; the user changed must be within reach; one's own profile and status
 * never change; the last active administrator stays; e-mails stay unique in the organisation.
 */
function managerDecision(write: UserWrite): WriteDecision {
  const { profiles } = write.lookup;
  const granted = write.modules;
  const self = write.recordId === write.viewer.userId;
  if (write.op !== 'create' && !self && !mayGrantProfile(granted, profiles, textOf(write.before.profileId)))
    return refuse('beyond-rights');
  if (write.op === 'delete') return self ? refuse('self') : lastAdminDecision(write, null);
  if (self && anyChanged(write, ['profileId', 'status', 'isEmergency'])) return refuse('self');
  if (!mayGrantProfile(granted, profiles, textOf(write.after.profileId)))
    return refuse('profile-beyond-rights');
  // The emergency flag marks the account the server made; nobody sets or clears it by hand.
  if (anyChanged(write, ['isEmergency'])) return refuse('field-not-permitted');
  const statusRefusal = archivedStatusDecision(write);
  if (!statusRefusal.ok) return statusRefusal;
  const users = usersOf(write);
  if (users && anyChanged(write, ['email']) && emailTaken(users, textOf(write.after.email), write.recordId))
    return refuse('duplicate-email');
  return write.op === 'update' ? lastAdminDecision(write, write.after) : ALLOWED;
}

/**
 * An archived user comes back only through Restaurer, which makes them Inactif (spec part 1: « Utilisateur
 * restauré (statut: Inactif) »): never straight to Active (a select-all → Activer reached archived users).
 * The server's archived emergency account stays archived: its password is the initial one, printed in the
 * README, and the emergency area makes a new one when needed.
 */
function archivedStatusDecision(write: UserWrite & { op: 'create' | 'update' }): WriteDecision {
  if (write.op !== 'update' || write.before.status !== 'Archived') return ALLOWED;
  if (write.after.status === 'Archived') return ALLOWED;
  if (write.before.isEmergency === true) return refuse('not-applicable');
  return write.after.status === 'Inactive' ? ALLOWED : refuse('not-applicable');
}

function lastAdminDecision(write: UserWrite & { op: 'update' | 'delete' }, after: RecordData | null) {
  const users = usersOf(write);
  if (!users) return ALLOWED;
  return removesLastAdmin(users, write.lookup.profiles, asUser(write.before), after && asUser(after))
    ? refuse('last-admin')
    : ALLOWED;
}

/**
 * Hashes, reset tokens and PIN validity are made by the server's credential routes, never pushed. A creation
 * carries the initial password: the server replaces whatever hash came with its own (server/auth/access.ts),
 * and accepts only that one here.
 */
function credentialsDecision(write: UserWrite): WriteDecision {
  if (write.op === 'delete' || !anyChanged(write, CREDENTIAL_FIELDS)) return ALLOWED;
  if (write.op === 'update') return refuse('secret-field');
  const initial = write.env.initialPasswordHashes;
  const extra = write.changed.filter(
    (f) => CREDENTIAL_FIELDS.includes(f) && f !== 'passwordHash' && f !== 'mustChangePassword',
  );
  if (extra.length > 0) return refuse('secret-field');
  const hash = write.after.passwordHash;
  return !initial || hash === undefined || (typeof hash === 'string' && initial.has(hash))
    ? ALLOWED
    : refuse('secret-field');
}

export function authorizeUserWrite(write: UserWrite): WriteDecision {
  const credentials = credentialsDecision(write);
  if (!credentials.ok) return credentials;
  if (write.modules.has('users')) return managerDecision(write);
  if (write.op === 'create') {
    const user = write.after;
    const imported =
      write.modules.has('planning.importer') &&
      textOf(user.createdByImportId) !== null &&
      user.isEmergency !== true &&
      withinReach(write, user);
    if (!imported) return refuse('not-permitted');
    const users = usersOf(write);
    return users && emailTaken(users, textOf(user.email), write.recordId)
      ? refuse('duplicate-email')
      : ALLOWED;
  }
  if (write.op === 'delete') {
    const removable =
      write.modules.has('planning.historique') &&
      textOf(write.before.createdByImportId) !== null &&
      withinReach(write, write.before);
    return removable ? lastAdminDecision(write, null) : refuse('not-permitted');
  }
  // Deleting a profile clears profileId on its users (spec part 1 point 4): never one's own, nor the last
  // administrator's, and only of a profile the writer could delete itself (a "Profils" manager cleared the
  // Super Admin's profile this way).
  if (write.modules.has('profiles') && onlyChanged(write, ['profileId']) && write.after.profileId == null) {
    if (write.recordId === write.viewer.userId) return refuse('self');
    const profile = write.lookup.profiles.find((p) => p.id === textOf(write.before.profileId));
    if (profile && !modulesWithin(write.modules, profile.moduleIds)) return refuse('beyond-rights');
    return lastAdminDecision(write, write.after);
  }
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
  // Own record: PIN attempts; never profile, status, e-mail, password (POST /api/auth/password)...
  return onlyChanged(write, OWN_USER_WRITABLE_FIELDS) ? ALLOWED : refuse('field-not-permitted');
}

/**
 * Profiles: one gives a profile only modules one holds, and changes only a profile one could grant; stripping
 * the administration modules from the last full administrators' profile, or deleting it, is refused.
 */
export function authorizeProfileWrite(write: UserWrite): WriteDecision {
  if (!write.modules.has('profiles')) return refuse('not-permitted');
  const reaches = (record: RecordData | null) => !record || modulesWithin(write.modules, record.moduleIds);
  if (!reaches(write.before) || !reaches(write.after)) return refuse('beyond-rights');
  const users = usersOf(write);
  if (!users || write.op === 'create') return ALLOWED;
  const next = write.after ? { id: write.recordId, moduleIds: moduleIdsOf(write.after) } : null;
  return profileChangeRemovesLastFullAdmin(users, write.lookup.profiles, write.recordId, next)
    ? refuse('last-admin')
    : ALLOWED;
}

function moduleIdsOf(record: RecordData): string[] {
  return Array.isArray(record.moduleIds)
    ? record.moduleIds.filter((id): id is string => typeof id === 'string')
    : [];
}

/** Journal actions a device writes beside the change they describe (features/users, profiles, import). */
const DEVICE_LOG_ACTIONS: ReadonlySet<unknown> = new Set([
  'create',
  'update',
  'delete',
  'archive',
  'status-activate',
  'status-deactivate',
]);

/** Whether a user write (before -> after) is the change a journal action names. */
export function describesChange(action: unknown, change: BatchWrite): boolean {
  const { before, after } = change;
  switch (action) {
    case 'create':
      return before === null && after !== null;
    case 'delete':
      return before !== null && after === null;
    case 'archive':
      return after?.status === 'Archived' && before?.status !== 'Archived';
    case 'status-activate':
      return after?.status === 'Active' && before?.status !== 'Active';
    case 'status-deactivate':
      return after?.status === 'Inactive' && before?.status !== 'Inactive';
    case 'update':
      return before !== null && after !== null;
    default:
      return false;
  }
}

/**
 * The journal is written with the actor's own id, never edited (the server also stamps the actor from the
 * session), and only about a change of a user that the same batch made with the writer's rights: nobody
 * writes "Awa Diop archived X" without archiving X. Reset, temporary password and system entries are the
 * server's.
 */
export function authorizeUserLogWrite(write: UserWrite): WriteDecision {
  if (write.op !== 'create') return refuse('append-only');
  const entry = write.after;
  if ((entry.actorUserId ?? null) !== write.viewer.userId) return refuse('actor-mismatch');
  if (entry.action === 'settings-change') return settingsLogDecision(write);
  if (!DEVICE_LOG_ACTIONS.has(entry.action)) return refuse('server-only-entry');
  const target = textOf(entry.targetUserId);
  if (!target) return refuse('no-change-described');
  const change = write.env.batch?.get(`users/${target}`);
  if (change) return describesChange(entry.action, change) ? ALLOWED : refuse('no-change-described');
  // The UI asking for itself (no batch known) decides on the rights alone. A device never splits a change
  // from its entries across two batches (sync/outbox-push nextBatch).
  return write.env.batch ? refuse('no-change-described') : ALLOWED;
}

/** The records a settings screen edits: their changes may carry a 'settings-change' journal entry. */
const SETTINGS_LOG_COLLECTIONS: ReadonlySet<unknown> = new Set([
  'institutes',
  'levels',
  'classes',
  'courseModules',
  'settings',
]);

/**
 * Issue 33 point 8: a settings change is journaled by the device that makes it, in the same batch; the entry
 * must name a settings record this batch wrote (with the writer's own rights, checked on that write), so
 * nobody journals a change nobody made.
 */
function settingsLogDecision(write: UserWrite & { op: 'create' }): WriteDecision {
  const collection = write.after.targetCollection;
  const id = textOf(write.after.targetId);
  if (!SETTINGS_LOG_COLLECTIONS.has(collection) || !id) return refuse('no-change-described');
  if (textOf(write.after.targetUserId)) return refuse('no-change-described');
  const change = write.env.batch?.get(`${String(collection)}/${id}`);
  if (change) return ALLOWED;
  return write.env.batch ? refuse('no-change-described') : ALLOWED;
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
