import type { CollectionName } from '../store/collections';
import type { Profile, Timetable, User } from '../store/schema';
import type { RecordData } from './record';
import { occurrenceSubstitutionId } from '../absences/occurrence-teacher';
import { isRemovalNotice, RESTORE_ACTION, restoreLogId } from '../absences/substitution-notice-rules';
import { newlyAssignedTeachers } from '../planning/bulk-assign';

/** What the predicates may consult besides the record itself; the server fills it from its current data. */
export interface AccessLookup {
  /** Every profile of the organisation. */
  profiles: readonly Profile[];
  /** The server's current user record (full), or null. */
  user(id: string): User | null;
  /** The server's current timetable, or null. */
  timetable(id: string): Timetable | null;
  /**
   * The server's stored planning log (planningLogKeys says which), or null. Absent where the UI decides for
   * itself: the rules that need a stored check-in then skip that check.
   */
  planningLog?(id: string): RecordData | null;
  /**
   * The server's stored substitution of a course occurrence (issue 35; substitutionKeys says which), or null.
   * Absent where the UI decides for itself: the slot's own teacher is then assumed.
   */
  substitution?(id: string): {
    id: string;
    substituteUserId: string | null;
    absentUserId?: string;
    assignedAt?: string;
    changeKey?: string;
    date?: string;
  } | null;
}

/**
 * The substitution a check log or a check notification's occurrence may be under (issue 35): the effective
 * teacher of that occurrence checks in and out (domain/absences/occurrence-teacher); the one a substitution's
 * notification names.
 */
export function substitutionKeys(
  collection: CollectionName,
  after: RecordData | null,
  timetable: (id: string) => Timetable | null,
): string[] {
  if ((collection !== 'planningLogs' && collection !== 'notifications') || !after) return [];
  // A substitution's notification names its substitution (issue 35, domain/absences/substitution-notice-rules),
  // and so does the planning log of its removal (checked while the substitution is still stored).
  const named =
    collection === 'notifications' || after.action === RESTORE_ACTION ? text(after.substitutionId) : null;
  if (named) return [named];
  const timetableId = text(after.timetableId);
  const id = timetableId ? occurrenceSubstitutionId(timetable(timetableId), after) : null;
  return id ? [id] : [];
}

/**
 * The stored planning logs the rules consult for a new planning log: the check-in an automatic check-out
 * (`auto-<id>`) or a check-out (`checkinLogId`) closes, and the log a correction corrects; for a notice of a
 * substitution's removal, the removal's log (issue 35: whom the removed assignment named).
 */
export function planningLogKeys(collection: CollectionName, after: RecordData | null): string[] {
  if (collection === 'notifications' && after && isRemovalNotice(after)) {
    const id = text(after.substitutionId);
    const at = text(after.removedAssignedAt);
    return id && at ? [restoreLogId(id, at)] : [];
  }
  if (collection !== 'planningLogs' || !after) return [];
  const ids = new Set<string>();
  const id = text(after.id);
  if (id?.startsWith('auto-') && after.action === 'planning-checkout') ids.add(id.slice('auto-'.length));
  for (const field of ['checkinLogId', 'correctsLogId'] as const) {
    const value = text(after[field]);
    if (value) ids.add(value);
  }
  return [...ids];
}

/** Collections whose records point at a timetable slot (timetableId + slotIndex) and its teacher. */
const SLOT_COLLECTIONS: ReadonlySet<CollectionName> = new Set([
  'planningLogs',
  'notifications',
  'rescheduleRequests',
]);

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Which users and timetables projectRecord/authorizeWrite will look up for this record, so the server can
 * load just those: the slot's timetable and the record's teacher (a kiosk may record attendance only for an
 * active teacher.today holder). Other collections need only the profiles.
 */
export function lookupKeys(
  collection: CollectionName,
  before: RecordData | null,
  after: RecordData | null,
): { users: string[]; timetables: string[] } {
  // A timetable giving a course "à affecter" a teacher: that person is checked (write-assignment.ts).
  if (collection === 'timetables') return { users: newlyAssignedTeachers(before, after), timetables: [] };
  if (!SLOT_COLLECTIONS.has(collection)) return { users: [], timetables: [] };
  const users = new Set<string>();
  const timetables = new Set<string>();
  for (const record of [before, after]) {
    if (!record) continue;
    const timetableId = text(record.timetableId);
    const teacherUserId = text(record.teacherUserId);
    if (timetableId) timetables.add(timetableId);
    if (teacherUserId) users.add(teacherUserId);
    // A planning log's actor name is checked against the person's record.
    const actorUserId = collection === 'planningLogs' ? text(record.actorUserId) : null;
    if (actorUserId) users.add(actorUserId);
  }
  return { users: [...users], timetables: [...timetables] };
}
