import { isKioskTeacher } from '../auth/kiosk-roster';
import type { CollectionName } from '../store/collections';
import type { User } from '../store/schema';
import type { RecordData } from './record';
import type { AccessLookup } from './lookup';
import {
  isPinTeacher,
  mayReviewContracts,
  PIN_STATE_FIELDS,
  POSITION_FIELDS,
  PUBLIC_USER_EXTRA_FIELDS,
  PUBLIC_USER_FIELDS,
  readsAllContracts,
  readsAllPlanningLogs,
  SECRET_USER_FIELDS,
  seesAllNotifications,
  SHARED_COLLECTIONS,
} from './rules';
import { effectiveModules, type UserViewer, type Viewer } from './viewer';
import { hasPlanningActions } from '../planning/permissions';

function pick(data: RecordData, keys: readonly string[]): RecordData {
  const out: RecordData = {};
  for (const key of keys) if (key in data) out[key] = data[key];
  return out;
}

function omit(data: RecordData, keys: readonly string[]): RecordData {
  if (!keys.some((key) => key in data)) return data;
  const out: RecordData = { ...data };
  for (const key of keys) delete out[key];
  return out;
}

/** Public fields of another user, with the naming form fields of `extra` only. */
function publicUser(data: RecordData, extraKeys: readonly string[] = []): RecordData {
  const out = pick(data, [...PUBLIC_USER_FIELDS, ...extraKeys]);
  const extra = data.extra;
  if (typeof extra === 'object' && extra !== null && !Array.isArray(extra)) {
    const kept = pick(extra as RecordData, PUBLIC_USER_EXTRA_FIELDS);
    if (Object.keys(kept).length > 0) out.extra = kept;
  }
  return out;
}

function projectUser(
  viewer: Exclude<Viewer, { kind: 'system' }>,
  data: RecordData,
  lookup: AccessLookup,
): RecordData | null {
  if (viewer.kind === 'kiosk') {
    // PIN mode offers only active teacher.today holders and verifies their PIN offline (spec part 1 point 4);
    // an administration account's PIN hash (searchable offline) only on a kiosk set to list them.
    if (!isPinTeacher(data, lookup)) return null;
    const inRoster = isKioskTeacher(lookup.profiles, data as Pick<User, 'profileId' | 'status'>, {
      includesAdminProfiles: viewer.listsAdmins === true,
    });
    return inRoster ? publicUser(data, PIN_STATE_FIELDS) : publicUser(data);
  }
  if (data.id === viewer.userId) return data;
  if (effectiveModules(viewer).has('users')) return omit(data, SECRET_USER_FIELDS);
  return publicUser(data);
}

/** Records about one teacher: visible to that teacher. */
function isOwn(viewer: UserViewer, data: RecordData): boolean {
  return data.teacherUserId === viewer.userId;
}

function isCheckLog(data: RecordData): boolean {
  return data.action === 'planning-checkin' || data.action === 'planning-checkout';
}

/**
 * The record as this viewer may receive it: the same object, a copy without hidden fields, or null
 * (hidden). Rules of ARCHITECTURE.md "Server"; see the table in rules.ts' callers.
 */
export function projectRecord(
  viewer: Viewer,
  collection: CollectionName,
  data: RecordData,
  lookup: AccessLookup,
): RecordData | null {
  if (viewer.kind === 'system' || SHARED_COLLECTIONS.has(collection)) return data;
  if (collection === 'users') return projectUser(viewer, data, lookup);
  if (viewer.kind === 'kiosk') {
    // The kiosk computes slot statuses and automatic check-outs: check logs, without anyone's position.
    return collection === 'planningLogs' && isCheckLog(data) ? omit(data, POSITION_FIELDS) : null;
  }
  const granted = effectiveModules(viewer);
  switch (collection) {
    case 'planningImports':
      return granted.has('planning.importer') || granted.has('planning.historique') ? data : null;
    case 'userLogs':
      return granted.has('journal') ? data : null;
    case 'planningLogs':
      return readsAllPlanningLogs(granted) || isOwn(viewer, data) ? data : null;
    case 'notifications':
      return seesAllNotifications(granted) || isOwn(viewer, data) ? data : null;
    case 'rescheduleRequests':
      return granted.has('planning.reprogrammation') || isOwn(viewer, data) ? data : null;
    case 'contracts':
      return readsAllContracts(granted) || isOwn(viewer, data) ? data : null;
    case 'statementAcks':
      // A teacher's answers to her payroll statements: herself, and whoever follows the hours (/workload).
      return granted.has('workload') || isOwn(viewer, data) ? data : null;
    case 'absences':
      // An absence's reason is personal: the teacher, and the administrators of the plannings (issue 35).
      return hasPlanningActions(granted) || isOwn(viewer, data) ? data : null;
    case 'teacherContractSubmissions':
      // Bank details and identity documents: the teacher and the compliance reviewers only.
      return mayReviewContracts(granted) || isOwn(viewer, data) ? data : null;
    default:
      return null;
  }
}
