import { ORG_SETTINGS_ID } from '../defaults';
import type { CollectionName } from '../store/collections';
import type { RecordData } from './record';
import type { AccessLookup } from './lookup';
import { projectRecord } from './read';
import { isPinTeacher, mayRestoreStore, modulesOf, modulesWithin } from './rules';
import type { UserViewer, Viewer } from './viewer';
import {
  ALLOWED,
  changedFields,
  isAutoCheckout,
  isCheckAction,
  isCheckNotification,
  occurrenceSlotOf,
  onlyChanged,
  refuse,
  type UserWrite,
  type WriteDecision,
  type WriteEnv,
  type WriteOp,
  type WriteRefusal,
  type WriteRequest,
} from './write-context';
import { authorizeProfileWrite, authorizeUserLogWrite, authorizeUserWrite } from './write-people';
import { authorizeContractFileWrite } from './write-contract-files';
import { authorizeStatementAckWrite } from './write-statement-acks';
import { authorizeClosureWrite } from './write-closures';
import { authorizeAbsenceWrite, authorizeSubstitutionWrite } from './write-absences';
import { authorizeTimetableAssignment } from './write-assignment';
import { attachmentContentProblem } from '../contracts/attachments';
import {
  authorizeNotificationWrite,
  authorizePlanningImportWrite,
  authorizePlanningLogWrite,
  authorizeReferenceWrite,
  authorizeRescheduleRequestWrite,
  kioskCheckLogDecision,
} from './write-planning';

export type { WriteDecision, WriteEnv, WriteRefusal, WriteRequest };

function needsModule(moduleId: string): (write: UserWrite) => WriteDecision {
  return (write) => (write.modules.has(moduleId) ? ALLOWED : refuse('not-permitted'));
}

/** Who may write each collection, as a signed-in user (Données and system aside). */
const USER_RULES: Record<CollectionName, (write: UserWrite) => WriteDecision> = {
  users: authorizeUserWrite,
  profiles: authorizeProfileWrite,
  // The catalogue is rewritten by the load-time migration (an administrator's device) or a Données import.
  modules: needsModule('settings.donnees'),
  institutes: (write) => authorizeReferenceWrite({ ...write, collection: 'institutes' }),
  levels: (write) => authorizeReferenceWrite({ ...write, collection: 'levels' }),
  classes: (write) => authorizeReferenceWrite({ ...write, collection: 'classes' }),
  courseModules: (write) => authorizeReferenceWrite({ ...write, collection: 'courseModules' }),
  // Its own rule, then the teacher a course "à affecter" is given (issue 30 item 5).
  timetables: authorizeTimetableAssignment,
  planningImports: authorizePlanningImportWrite,
  planningLogs: authorizePlanningLogWrite,
  userLogs: authorizeUserLogWrite,
  notifications: authorizeNotificationWrite,
  rescheduleRequests: authorizeRescheduleRequestWrite,
  contracts: needsModule('contracts.vh'),
  teacherContractSubmissions: authorizeContractFileWrite,
  settings: authorizeSettingsWrite,
  monthClosures: authorizeClosureWrite,
  statementAcks: authorizeStatementAckWrite,
  absences: authorizeAbsenceWrite,
  substitutions: authorizeSubstitutionWrite,
};

/**
 * The PIN validity setting lives on the Données screen (settings.donnees). The import's saved layout
 * mappings live on the same organisation record: whoever imports timetables (planning.importer) saves
 * them, and nothing else of that record (spec part 2 point 2: a school imports the same layout every
 * week; without this a planner's mapping was lost after one file).
 */
function authorizeSettingsWrite(write: UserWrite): WriteDecision {
  if (write.modules.has('settings.donnees')) return ALLOWED;
  const mappingsOnly =
    write.op !== 'delete' &&
    write.recordId === ORG_SETTINGS_ID &&
    onlyChanged(write, write.op === 'create' ? ['id', 'importMappings'] : ['importMappings']);
  return write.modules.has('planning.importer') && mappingsOnly ? ALLOWED : refuse('not-permitted');
}

function writeOp(before: RecordData | null, after: RecordData | null): WriteOp | null {
  if (before && after) return { op: 'update', before, after };
  if (after) return { op: 'create', before: null, after };
  if (before) return { op: 'delete', before, after: null };
  return null;
}

/**
 * Kiosk (enrolled classroom tablet in PIN mode; spec part 1, point 4): check-in and check-out logs of an active
 * teacher.today holder's slot with their notifications. Nothing of a user: the PIN attempts and cooldown are
 * counted by the server's own PIN check (POST /api/auth/pin), so a kiosk cannot lock a teacher out, nor lift
 * a cooldown.
 */
function authorizeKioskWrite(
  collection: CollectionName,
  op: WriteOp,
  lookup: AccessLookup,
  env: WriteEnv,
): WriteDecision {
  if (collection !== 'planningLogs' && collection !== 'notifications') return refuse('not-permitted');
  if (op.op !== 'create') return refuse('append-only');
  const record = op.after;
  const isCheck = collection === 'planningLogs' ? isCheckAction(record) : isCheckNotification(record);
  if (!isCheck) return refuse('not-permitted');
  // Under a substitution the PIN session acts as the substitute (issue 35).
  const slot = occurrenceSlotOf(lookup, record);
  if (!slot) return refuse('slot-not-found');
  if ((record.teacherUserId ?? null) !== slot.teacherUserId) return refuse('teacher-mismatch');
  // An automatic check-out closes a check-in the kiosk received (it receives them all): deterministic and
  // written by every device alike, it depends neither on the slot staying open nor on who checked in.
  // Its time and chain are checked like anyone's (kioskCheckLogDecision, write-planning.ts).
  const checks = () =>
    collection === 'planningLogs' ? kioskCheckLogDecision(record, slot, lookup, env) : ALLOWED;
  if (isAutoCheckout(record)) return checks();
  if (!isPinTeacher(lookup.user(slot.teacherUserId), lookup)) return refuse('not-permitted');
  if (slot.canceled) return refuse('slot-canceled');
  // The PIN session acts as the teacher of the slot.
  if (collection === 'planningLogs' && record.actorUserId !== slot.teacherUserId)
    return refuse('actor-mismatch');
  return checks();
}

/** Attachments a write adds or replaces are checked by their bytes and size (spec part 2 point 5). */
function attachmentsDecision(collection: CollectionName, op: WriteOp): WriteDecision {
  if (collection !== 'teacherContractSubmissions' || !op.after) return ALLOWED;
  const list = (record: RecordData | null) =>
    Array.isArray(record?.attachments) ? (record.attachments as RecordData[]) : [];
  const known = new Map(list(op.before).map((a) => [a.id, a.contentBase64]));
  for (const attachment of list(op.after)) {
    const content = attachment.contentBase64;
    if (known.get(attachment.id) === content) continue;
    const problem = attachmentContentProblem({ contentBase64: typeof content === 'string' ? content : '' });
    if (problem) return refuse(`attachment-${problem}`);
  }
  return ALLOWED;
}

function restoreDecision(
  modules: ReadonlySet<string>,
  write: WriteRequest,
  op: WriteOp,
  lookup: AccessLookup,
): WriteDecision {
  if (!mayRestoreStore(modules, lookup.profiles)) return refuse('beyond-rights');
  if (write.collection === 'profiles' && op.after && !modulesWithin(modules, op.after.moduleIds))
    return refuse('beyond-rights');
  return ALLOWED;
}

/**
 * Whether a pushed mutation may be applied, comparing the server's record before and
 * the merged record after. Pure: the server supplies the lookups (lookupKeys says which).
 */
export function authorizeWrite(
  viewer: Viewer,
  write: WriteRequest,
  lookup: AccessLookup,
  env: WriteEnv = {},
): { ok: true } | { ok: false; reason: WriteRefusal } {
  if (viewer.kind === 'system') return ALLOWED;
  const op = writeOp(write.before, write.after);
  if (!op) return ALLOWED; // deleting what does not exist changes nothing
  if (op.after && op.after.id !== undefined && op.after.id !== write.recordId) return refuse('id-mismatch');
  const changed = changedFields(op.before, op.after);
  if (op.op === 'update' && changed.length === 0) {
    // A replay or an unchanged put changes nothing; still no answer about records one may not see.
    return projectRecord(viewer, write.collection, op.before, lookup) ? ALLOWED : refuse('not-permitted');
  }
  const attachments = attachmentsDecision(write.collection, op);
  if (!attachments.ok) return attachments;
  // Restoring a backup (or importing a v1 file) replaces the whole organisation, hashes included (their
  // parameters are checked when the store is prepared), by a session that could grant every profile before
  // and after it; attachments are still checked by their content.
  if (env.restore && viewer.kind === 'user') return restoreDecision(modulesOf(viewer), write, op, lookup);
  if (viewer.kind === 'kiosk') return authorizeKioskWrite(write.collection, op, lookup, env);
  const userWrite: UserWrite = {
    ...op,
    viewer: viewer satisfies UserViewer,
    modules: modulesOf(viewer),
    collection: write.collection,
    recordId: write.recordId,
    changed,
    lookup,
    env,
  };
  return USER_RULES[write.collection](userWrite);
}
