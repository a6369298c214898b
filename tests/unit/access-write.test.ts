import { describe, expect, it } from 'vitest';
import { autoCheckoutId, pendingAutoCheckoutRecords } from '../../src/domain/attendance/auto-checkout';
import { notificationForLog } from '../../src/domain/attendance/check-actions';
import { authorizeWrite, type WriteEnv } from '../../src/domain/access/write';
import { AUTO_ID_PREFIX, PROPOSAL_NOTE } from '../../src/domain/access/write-context';
import { afterPinFailure } from '../../src/domain/auth/pin';
import {
  rejectSubmission,
  saveSubmission,
  submitSubmission,
  validateSubmission,
} from '../../src/domain/contracts/submission';
import { cancelSlot, toggleDeliveryMode } from '../../src/domain/planning/slot-operations';
import { createRescheduleRequest, RESCHEDULE_PROPOSAL_NOTE } from '../../src/domain/reschedule/requests';
import type { CollectionName } from '../../src/domain/store/collections';
import type { PlanningLog, TeacherContractSubmission } from '../../src/domain/store/schema';
import type { RecordData } from '../../src/domain/sync/merge';
import {
  checkLog,
  submission,
  timetable,
  userRecord,
  viewers,
  lookup,
  type ViewerName,
} from './access-fixture';

function decide(
  viewer: ViewerName,
  collection: CollectionName,
  before: RecordData | null,
  after: RecordData | null,
  env: WriteEnv = {},
): string {
  const id = (after ?? before)?.id;
  const recordId = typeof id === 'string' ? id : 'none';
  const result = authorizeWrite(viewers[viewer], { collection, recordId, before, after }, lookup, env);
  return result.ok ? 'ok' : result.reason;
}

function ok<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

const NOW = '2026-03-11T07:55:00.000Z';

/** What recordCheck writes (log + notification) for a slot, by an actor. */
function check(slotIndex: number, actor: string | null, kind: PlanningLog['action'] = 'planning-checkin') {
  const slot = timetable.slots[slotIndex];
  const log = checkLog({
    id: `log-${slotIndex}-${actor}`,
    action: kind,
    slotIndex,
    actorUserId: actor,
    // the actor's own name (the server refuses another person's name)
    actorUserName: actor === null ? null : `Nom ${actor}`,
    teacherUserId: slot?.teacherUserId ?? null,
  });
  const notification = notificationForLog(log, log.id);
  if (!notification) throw new Error('notification');
  return { log, notification };
}

describe('attendance: check-in and check-out logs with their notifications', () => {
  const own = check(0, 't1');
  const othersSlot = check(1, 't1');
  const canceled = check(2, 't1');
  const forgedTeacher = { ...own.log, id: 'forged', teacherUserId: 't2' };
  const forgedActor = { ...own.log, id: 'forged-actor', actorUserId: 't2' };
  const byKiosk = check(0, 't1');
  const inactiveTeacher = check(3, 't3');
  const adminForT2 = check(1, 'plan');

  it.each([
    ['t1', own.log, 'ok'],
    ['t1', othersSlot.log, 'not-own-slot'],
    ['t1', canceled.log, 'slot-canceled'],
    ['t1', forgedTeacher, 'teacher-mismatch'],
    ['t1', forgedActor, 'actor-mismatch'],
    ['t1', check(0, 't1', 'planning-checkout').log, 'ok'],
    ['t1Pin', own.log, 'ok'],
    ['t2', check(1, 't2').log, 'ok'],
    ['t2', own.log, 'actor-mismatch'],
    ['plan', adminForT2.log, 'ok'], // planning.consulter.actions: every slot
    ['contrib', check(1, 'contrib').log, 'not-own-slot'],
    ['t1', { ...own.log, id: 'lost', timetableId: 'tt-404' }, 'slot-not-found'],
    ['kiosk', byKiosk.log, 'ok'],
    ['kiosk', check(1, 't2').log, 'ok'],
    ['kiosk', canceled.log, 'slot-canceled'],
    ['kiosk', inactiveTeacher.log, 'not-permitted'],
    ['kiosk', check(0, 't2').log, 'actor-mismatch'],
    ['kiosk', { ...own.log, id: 'k-cancel', action: 'planning-cancel' }, 'not-permitted'],
    ['system', forgedTeacher, 'ok'],
  ] as const)('%s creating planning log #%# -> %s', (who, log, expected) => {
    expect(decide(who, 'planningLogs', null, log)).toBe(expected);
  });

  it.each([
    ['t1', own.notification, 'ok'],
    ['t1', othersSlot.notification, 'not-own-slot'],
    ['t1', canceled.notification, 'slot-canceled'],
    ['kiosk', own.notification, 'ok'],
    ['kiosk', inactiveTeacher.notification, 'not-permitted'],
    ['plan', adminForT2.notification, 'ok'],
    ['t1', { ...own.notification, id: 'n-forged', teacherUserId: 't2' }, 'teacher-mismatch'],
  ] as const)('%s creating notification #%# -> %s', (who, notification, expected) => {
    expect(decide(who, 'notifications', null, notification)).toBe(expected);
  });

  it('logs are append-only; the bell only marks notifications read, within its scope', () => {
    expect(decide('t1', 'planningLogs', own.log, { ...own.log, latitude: 0 })).toBe('append-only');
    expect(decide('t1', 'planningLogs', own.log, null)).toBe('append-only');
    expect(decide('t1', 'notifications', own.notification, { ...own.notification, read: true })).toBe('ok');
    const t2Notification = check(1, 't2').notification;
    expect(decide('t1', 'notifications', t2Notification, { ...t2Notification, read: true })).toBe(
      'not-permitted',
    );
    expect(decide('plan', 'notifications', t2Notification, { ...t2Notification, read: true })).toBe('ok');
    expect(decide('t1', 'notifications', own.notification, { ...own.notification, kind: 'checkout' })).toBe(
      'append-only',
    );
    expect(decide('kiosk', 'notifications', own.notification, { ...own.notification, read: true })).toBe(
      'append-only',
    );
  });

  it('automatic check-outs are written by whichever device holds the check-in', () => {
    const checkin = checkLog({ id: 'ci-1', timestamp: '2026-03-11T08:00:00.000Z' });
    const [auto] = pendingAutoCheckoutRecords({
      timetables: [timetable],
      logs: [checkin],
      now: '2026-03-11T10:30:00.000Z',
    });
    if (!auto) throw new Error('no automatic check-out');
    expect(auto.log.id).toBe(autoCheckoutId('ci-1'));
    for (const who of ['t1', 'plan', 'admin', 'kiosk', 'rev'] as const) {
      expect(decide(who, 'planningLogs', null, auto.log)).toBe('ok');
      expect(decide(who, 'notifications', null, auto.notification)).toBe('ok');
    }
    expect(decide('t2', 'planningLogs', null, auto.log)).toBe('not-own-slot');
    // the kiosk closes any check-in it received, even one an administrator made for a non-PIN teacher
    const inactiveAuto = { ...auto.log, id: 'auto-ci-3', slotIndex: 3, teacherUserId: 't3' };
    expect(decide('kiosk', 'planningLogs', null, inactiveAuto)).toBe('ok');
    expect(decide('kiosk', 'planningLogs', null, { ...inactiveAuto, teacherUserId: 't1' })).toBe(
      'teacher-mismatch',
    );
    expect(decide('contrib', 'notifications', null, auto.notification)).toBe('not-own-slot');
    // a manual check-out dressed as automatic still needs the slot: another teacher's is refused
    expect(decide('t1', 'planningLogs', null, { ...auto.log, id: 'auto-x', actorUserId: 't2' })).toBe(
      'actor-mismatch',
    );
  });

  it('the copies of the codes agree with their sources', () => {
    expect(AUTO_ID_PREFIX).toBe(autoCheckoutId(''));
    expect(PROPOSAL_NOTE).toBe(RESCHEDULE_PROPOSAL_NOTE);
  });
});

describe('users', () => {
  const t2 = userRecord('t2');
  const t1 = userRecord('t1');
  it.each([
    ['t1', t2, { ...t2, name: 'Piraté' }, 'not-permitted'],
    ['t1', t2, { ...t2, passwordHash: 'x' }, 'secret-field'],
    [
      't1',
      null,
      { id: 'u-new', name: 'X', email: 'x@x', status: 'Active', profileId: 'super-admin' },
      'not-permitted',
    ],
    ['t1', t2, null, 'not-permitted'],
    ['t1', t1, { ...t1, passwordHash: 'new-hash', mustChangePassword: false }, 'secret-field'],
    ['t1', t1, { ...t1, mustChangePassword: true }, 'secret-field'],
    ['t1', t1, { ...t1, ...afterPinFailure(t1, new Date(NOW)).next }, 'ok'],
    ['t1', t1, { ...t1, profileId: 'super-admin' }, 'field-not-permitted'],
    ['t1', t1, { ...t1, status: 'Inactive' }, 'field-not-permitted'],
    ['t1', t1, { ...t1, email: 'autre@ecole.test' }, 'field-not-permitted'],
    ['t1', t1, { ...t1, pinHash: 'mine' }, 'secret-field'],
    ['t1Pin', t1, { ...t1, passwordHash: 'new-hash' }, 'secret-field'],
    ['contrib', t2, { ...t2, name: 'Renommé' }, 'ok'],
    ['contrib', t2, { ...t2, name: 'Renommé', profileId: 'admin' }, 'profile-beyond-rights'],
    ['contrib', userRecord('contrib'), { ...userRecord('contrib'), profileId: 'super-admin' }, 'self'],
    ['contrib', userRecord('admin'), { ...userRecord('admin'), status: 'Inactive' }, 'beyond-rights'],
    ['admin', t2, { ...t2, pinHash: 'new', pinSalt: 'n' }, 'secret-field'],
    ['admin', t2, { ...t2, passwordResetTokenHash: 'f'.repeat(64) }, 'secret-field'],
    ['admin', userRecord('admin'), { ...userRecord('admin'), status: 'Inactive' }, 'self'],
    ['admin', userRecord('admin'), { ...userRecord('admin'), profileId: 'teacher' }, 'self'],
    ['admin', userRecord('admin'), { ...userRecord('admin'), name: 'Nouveau nom' }, 'ok'],
    ['adminPin', t2, { ...t2, name: 'Renommé' }, 'not-permitted'],
    ['profiler', t2, { ...t2, profileId: null }, 'ok'],
    ['profiler', t2, { ...t2, profileId: 'admin' }, 'not-permitted'],
    // PIN tries and cooldowns are the server's count (POST /api/auth/pin): a kiosk writes no user at all.
    ['kiosk', t1, { ...t1, ...afterPinFailure(t1, new Date(NOW)).next }, 'not-permitted'],
    ['kiosk', t1, { ...t1, pinHash: 'forged' }, 'not-permitted'],
    ['kiosk', t1, { ...t1, name: 'X' }, 'not-permitted'],
    ['kiosk', userRecord('contrib'), { ...userRecord('contrib'), pinFailedAttempts: 1 }, 'not-permitted'],
    ['kiosk', null, { id: 'u-k', name: 'K', email: 'k@k', status: 'Active' }, 'not-permitted'],
    ['donnees', t2, { ...t2, profileId: 'super-admin' }, 'not-permitted'], // a mutation is no restore
    ['system', t2, null, 'ok'],
  ] as const)('%s: change #%# => %s', (who, before, after, expected) => {
    expect(decide(who, 'users', before, after)).toBe(expected);
  });

  const imported = { id: 'u-imp', name: 'Prof', email: 'p@x', status: 'Active', createdByImportId: 'imp-1' };
  it.each([
    ['importer', null, { ...imported, profileId: 'teacher' }, 'ok'],
    ['importer', null, { ...imported, profileId: 'super-admin' }, 'not-permitted'],
    ['importer', null, { ...imported, profileId: 'teacher', createdByImportId: null }, 'not-permitted'],
    [
      'importer',
      { ...imported, profileId: 'teacher', createdByImportId: 'imp-0' },
      { ...imported, profileId: 'teacher' },
      'ok',
    ],
    [
      'importer',
      { ...imported, profileId: 'teacher' },
      { ...imported, profileId: 'teacher', name: 'Autre' },
      'not-permitted',
    ],
    ['historian', { ...imported, profileId: 'teacher' }, null, 'ok'],
    ['historian', { ...imported, profileId: 'admin' }, null, 'not-permitted'],
    ['historian', userRecord('t1'), null, 'not-permitted'],
  ] as const)('import: %s #%# => %s', (who, before, after, expected) => {
    expect(decide(who, 'users', before, after)).toBe(expected);
  });

  it('an unchanged put is accepted only on a record the session may see', () => {
    expect(decide('t1', 'users', t2, { ...t2 })).toBe('ok');
    const file = submission('t2', 'draft');
    expect(decide('t1', 'teacherContractSubmissions', file, { ...file })).toBe('not-permitted');
    expect(decide('t2', 'teacherContractSubmissions', file, { ...file })).toBe('ok');
  });

  it('a record id that differs from the mutation id is refused', () => {
    const result = authorizeWrite(
      viewers.admin,
      { collection: 'users', recordId: 't1', before: null, after: { ...t2 } },
      lookup,
    );
    expect(result).toEqual({ ok: false, reason: 'id-mismatch' });
  });
});

describe('journal entries', () => {
  const entry = { id: 'ul-1', action: 'update', actorUserId: 't1', targetUserId: 't2', timestamp: NOW };
  it.each([
    ['t1', null, entry, 'ok'], // the UI deciding for itself: rights only
    ['t1', null, { ...entry, actorUserId: null }, 'actor-mismatch'],
    ['t1', null, { ...entry, actorUserId: 'admin' }, 'actor-mismatch'],
    ['t1', null, { ...entry, targetUserId: null }, 'no-change-described'],
    ['t1', null, { ...entry, action: 'password-temp-generated' }, 'server-only-entry'],
    ['contrib', entry, { ...entry, details: 'modifié' }, 'append-only'],
    ['contrib', entry, null, 'append-only'],
    ['donnees', entry, null, 'append-only'],
    ['kiosk', null, entry, 'not-permitted'],
  ] as const)('%s: change #%# => %s', (who, before, after, expected) => {
    expect(decide(who, 'userLogs', before, after)).toBe(expected);
  });

  it('the Données restore replaces the whole store, journal and hashes included, for one who could grant every profile', () => {
    const t2 = userRecord('t2');
    // The Super Admin holds Données and every module of every profile.
    expect(decide('admin', 'userLogs', entry, null, { restore: true })).toBe('ok');
    expect(decide('admin', 'users', t2, { ...t2, passwordHash: 'h' }, { restore: true })).toBe('ok');
    // Données alone would rewrite the Super Admin's hash: refused.
    expect(decide('donnees', 'users', t2, { ...t2, passwordHash: 'h' }, { restore: true })).toBe(
      'beyond-rights',
    );
    expect(decide('donnees', 'userLogs', entry, null, { restore: true })).toBe('beyond-rights');
    // restore is the Données right, not a flag anyone can raise
    expect(decide('contrib', 'users', t2, { ...t2, passwordHash: 'h' }, { restore: true })).toBe(
      'beyond-rights',
    );
  });

  it('the server accepts an entry only about a change the same batch made', () => {
    const t2 = userRecord('t2');
    const archive = { ...entry, actorUserId: 'contrib', action: 'archive' };
    const archived = { before: t2, after: { ...t2, status: 'Archived' } };
    const renamed = { before: t2, after: { ...t2, name: 'Autre' } };
    const batch = (change: { before: RecordData; after: RecordData }) => ({
      batch: new Map([['users/t2', change]]),
    });
    expect(decide('contrib', 'userLogs', null, archive, batch(archived))).toBe('ok');
    expect(decide('contrib', 'userLogs', null, archive, batch(renamed))).toBe('no-change-described');
    expect(decide('contrib', 'userLogs', null, archive, { batch: new Map() })).toBe('no-change-described');
    // an entry in a later batch than its change is refused too (devices never split them: nextBatch)
    expect(decide('contrib', 'userLogs', null, archive, { batch: new Map() })).toBe('no-change-described');
    expect(decide('t1', 'userLogs', null, { ...archive, actorUserId: 't1' }, { batch: new Map() })).toBe(
      'no-change-described',
    );
  });
});

describe('timetables and reschedule requests', () => {
  const now = '2026-03-09T08:00:00.000Z'; // Monday; slot 0 is on Wednesday 08:00, 48 hours later
  const request = ok(
    createRescheduleRequest({
      timetable,
      slotIndex: 0,
      reason: 'Jury',
      proposedDate: '2026-03-13',
      proposedStartTime: '08:00',
      proposedEndTime: '10:00',
      actor: { userId: 't1', userName: 'Nom t1' },
      now,
      ids: { requestId: 'rq-1', proposalLogId: 'lp-1' },
    }),
  );
  const proposalLog = request.log;
  // Issue 33: a request no longer cancels the course; a teacher's own cancellation stays allowed.
  const ownCancel = ok(
    cancelSlot({ timetable, slotIndex: 0, actor: { userId: 't1', userName: 'Nom t1' }, now, logId: 'lc-1' }),
  );
  const cancelLog = ownCancel.log;
  const t2Cancel = ok(
    cancelSlot({ timetable, slotIndex: 1, actor: { userId: 't1', userName: null }, now, logId: 'lc-2' }),
  );
  const modeChange = ok(
    toggleDeliveryMode({
      timetable,
      slotIndex: 0,
      actor: { userId: 't1', userName: null },
      now,
      logId: 'lm',
    }),
  );
  const moved = {
    ...timetable,
    slots: timetable.slots.map((s, i) => (i === 0 ? { ...s, startTime: '09:00' } : s)),
  };

  it.each([
    ['t1', 'timetables', timetable, ownCancel.timetable, 'ok'],
    ['t1', 'rescheduleRequests', null, request.request, 'ok'],
    ['t1', 'planningLogs', null, cancelLog, 'ok'],
    ['t1', 'planningLogs', null, proposalLog, 'ok'],
    ['t1', 'timetables', timetable, t2Cancel.timetable, 'not-own-slot'],
    ['t1', 'planningLogs', null, t2Cancel.log, 'not-own-slot'],
    ['t1', 'timetables', timetable, modeChange.timetable, 'field-not-permitted'],
    ['t1', 'planningLogs', null, modeChange.log, 'not-permitted'],
    ['t1', 'timetables', timetable, moved, 'field-not-permitted'],
    ['t1', 'timetables', timetable, { ...ownCancel.timetable, classId: 'cls-2' }, 'field-not-permitted'],
    ['t1', 'timetables', timetable, null, 'not-permitted'],
    ['t1', 'timetables', null, { ...timetable, id: 'tt-new' }, 'not-permitted'],
    ['t1', 'rescheduleRequests', null, { ...request.request, status: 'validated' }, 'status-not-permitted'],
    ['t1', 'rescheduleRequests', null, { ...request.request, approvedByUserId: 't1' }, 'field-not-permitted'],
    [
      't1',
      'rescheduleRequests',
      null,
      { ...request.request, slotIndex: 1, teacherUserId: 't2' },
      'not-own-slot',
    ],
    [
      't1',
      'rescheduleRequests',
      request.request,
      { ...request.request, status: 'validated' },
      'not-permitted',
    ],
    ['t2', 'rescheduleRequests', null, request.request, 'not-own-slot'],
    ['t1Pin', 'rescheduleRequests', null, request.request, 'not-permitted'], // PIN: /teacher/today only
    ['kiosk', 'timetables', timetable, ownCancel.timetable, 'not-permitted'],
    ['kiosk', 'rescheduleRequests', null, request.request, 'not-permitted'],
    ['plan', 'timetables', timetable, modeChange.timetable, 'ok'],
    ['plan', 'planningLogs', null, { ...modeChange.log, actorUserId: 'plan' }, 'ok'],
    ['plan', 'planningLogs', null, modeChange.log, 'actor-mismatch'],
    ['admin', 'rescheduleRequests', request.request, { ...request.request, status: 'validated' }, 'ok'],
    ['admin', 'timetables', null, { ...timetable, id: 'tt-new' }, 'ok'],
    ['importer', 'timetables', null, { ...timetable, id: 'tt-new' }, 'ok'],
    ['importer', 'timetables', timetable, null, 'not-permitted'],
    ['historian', 'timetables', timetable, null, 'ok'],
    ['contrib', 'timetables', timetable, modeChange.timetable, 'not-permitted'],
  ] as const)('%s %s %#', (who, collection, before, after, expected) => {
    expect(decide(who, collection, before as RecordData | null, after as RecordData | null)).toBe(expected);
  });
});

describe('a reschedule request needs an occurrence that has not started (issue 33, server clock)', () => {
  const request = ok(
    createRescheduleRequest({
      timetable,
      slotIndex: 0,
      reason: 'Jury',
      proposedDate: '2026-03-13',
      proposedStartTime: '08:00',
      proposedEndTime: '10:00',
      actor: { userId: 't1', userName: 'Nom t1' },
      now: '2026-03-09T08:00:00.000Z',
      ids: { requestId: 'rq-1', proposalLogId: 'lp-1' },
    }),
  ).request;
  it.each([
    ['the day before', '2026-03-10T08:00:00.000Z', 'ok'],
    ['one millisecond before the start', '2026-03-11T07:59:59.999Z', 'ok'],
    ['at the start', '2026-03-11T08:00:00.000Z', 'occurrence-started'],
    ['after the course', '2026-03-11T12:00:00.000Z', 'occurrence-started'],
    ['the week after (pushed late from offline)', '2026-03-16T09:00:00.000Z', 'occurrence-started'],
  ])('%s', (_label, now, expected) => {
    expect(decide('t1', 'rescheduleRequests', null, request, { now: new Date(now) })).toBe(expected);
  });
  it('an administrator validating it later is not held by the rule', () => {
    const env = { now: new Date('2026-03-16T09:00:00.000Z') };
    expect(decide('admin', 'rescheduleRequests', request, { ...request, status: 'validated' }, env)).toBe(
      'ok',
    );
  });
});

describe('references, imports, profiles, contracts, settings', () => {
  const cls = { id: 'cls-9', code: 'L1', levelId: null, instituteId: null };
  const importedCls = { ...cls, createdByImportId: 'imp-1' };
  it.each([
    ['admin', 'classes', null, cls, 'ok'],
    ['t1', 'classes', null, cls, 'not-permitted'],
    ['importer', 'classes', null, cls, 'not-permitted'],
    ['importer', 'classes', null, importedCls, 'ok'],
    [
      'importer',
      'courseModules',
      null,
      { id: 'cm-9', code: 'M', name: 'M', createdByImportId: 'imp-1' },
      'ok',
    ],
    [
      'importer',
      'institutes',
      null,
      { id: 'i-9', name: 'I', abbr: 'I', createdByImportId: 'imp-1' },
      'not-permitted',
    ],
    ['importer', 'classes', importedCls, { ...importedCls, code: 'L2' }, 'not-permitted'],
    ['historian', 'classes', importedCls, null, 'ok'],
    ['historian', 'classes', cls, null, 'not-permitted'],
    [
      'importer',
      'planningImports',
      null,
      { id: 'imp-1', periodicity: 'week', year: 2026, createdAt: NOW },
      'ok',
    ],
    ['historian', 'planningImports', { id: 'imp-1' }, null, 'ok'],
    ['t1', 'planningImports', null, { id: 'imp-1' }, 'not-permitted'],
    ['profiler', 'profiles', null, { id: 'p', name: 'P', moduleIds: [], formFieldKeys: [] }, 'ok'],
    ['contrib', 'profiles', null, { id: 'p', name: 'P', moduleIds: [], formFieldKeys: [] }, 'not-permitted'],
    ['admin', 'contracts', null, { id: 'c', teacherUserId: 't1', entries: [] }, 'ok'],
    ['t1', 'contracts', null, { id: 'c', teacherUserId: 't1', entries: [] }, 'not-permitted'],
    ['admin', 'settings', { id: 'org', pinValidityDays: 90 }, { id: 'org', pinValidityDays: 30 }, 'ok'],
    [
      'contrib',
      'settings',
      { id: 'org', pinValidityDays: 90 },
      { id: 'org', pinValidityDays: 30 },
      'not-permitted',
    ],
    [
      'kiosk',
      'settings',
      { id: 'org', pinValidityDays: 90 },
      { id: 'org', pinValidityDays: 30 },
      'not-permitted',
    ],
    // The import's saved layout mappings: an importer writes them, and nothing else of the record.
    [
      'importer',
      'settings',
      { id: 'org', pinValidityDays: 90 },
      { id: 'org', pinValidityDays: 90, importMappings: [] },
      'ok',
    ],
    ['importer', 'settings', null, { id: 'org', importMappings: [] }, 'ok'],
    [
      'importer',
      'settings',
      { id: 'org', pinValidityDays: 90 },
      { id: 'org', pinValidityDays: 1, importMappings: [] },
      'not-permitted',
    ],
    ['importer', 'settings', null, { id: 'org', pinValidityDays: 1 }, 'not-permitted'],
    ['importer', 'settings', null, { id: 'other', importMappings: [] }, 'not-permitted'],
    ['importer', 'settings', { id: 'org', importMappings: [] }, null, 'not-permitted'],
    ['t1', 'settings', { id: 'org' }, { id: 'org', importMappings: [] }, 'not-permitted'],
    ['kiosk', 'settings', { id: 'org' }, { id: 'org', importMappings: [] }, 'not-permitted'],
    ['plan', 'modules', null, { id: 'x', name: 'X' }, 'not-permitted'],
    ['donnees', 'modules', null, { id: 'x', name: 'X' }, 'ok'],
  ] as const)('%s %s %#', (who, collection, before, after, expected) => {
    expect(decide(who, collection, before as RecordData | null, after as RecordData | null)).toBe(expected);
  });
});

describe('contract files', () => {
  const reviewer = { userId: 'rev', userName: 'Nom rev' };
  const draft = submission('t1', 'draft') as TeacherContractSubmission;
  const saved = ok(
    saveSubmission({
      current: draft,
      fields: { address: 'Dakar', bankName: 'Banque' },
      id: draft.id,
      teacherUserId: 't1',
      accountEmail: 't1@ecole.test',
      now: NOW,
    }),
  );
  const created = ok(
    saveSubmission({
      current: null,
      fields: { firstName: 'A' },
      id: 'tc-new',
      teacherUserId: 't1',
      accountEmail: 't1@ecole.test',
      now: NOW,
    }),
  );
  const submitted = submission('t2', 'submitted') as TeacherContractSubmission;
  const validated = ok(validateSubmission({ current: submitted, reviewer, now: NOW }));
  const rejected = ok(rejectSubmission({ current: submitted, reviewer, reason: 'RIB illisible', now: NOW }));

  it.each([
    ['t1', draft, saved, 'ok'],
    ['t1', null, created, 'ok'],
    ['t1', draft, { ...saved, status: 'submitted', submittedAt: NOW }, 'ok'],
    ['t1', draft, { ...draft, status: 'validated' }, 'status-not-permitted'],
    ['t1', null, { ...created, status: 'validated' }, 'status-not-permitted'],
    ['t1', draft, { ...draft, validatedByUserId: 't1' }, 'field-not-permitted'],
    ['t1', draft, { ...draft, teacherUserId: 't2' }, 'field-not-permitted'],
    ['t1', { ...draft, status: 'validated' }, { ...draft, status: 'validated', address: 'X' }, 'read-only'],
    ['t1', submitted, { ...submitted, bankName: 'Forgée' }, 'not-permitted'],
    ['t1', null, { ...created, id: 'tc-x', teacherUserId: 't2' }, 'not-permitted'],
    ['t1', draft, null, 'ok'], // issue 29: her own unvalidated file may be deleted (write-contract-files.ts)
    ['t1Pin', draft, saved, 'not-permitted'], // PIN mode hides the teacher contract
    ['t2', rejected, { ...rejected, bankName: 'Corrigée' }, 'ok'], // a rejected file is corrected (keeps status)
    ['rev', submitted, validated, 'ok'],
    ['rev', submitted, rejected, 'ok'],
    ['rev', submitted, { ...validated, validatedByUserId: 'admin' }, 'actor-mismatch'],
    ['rev', submitted, { ...submitted, bankFullNumber: 'autre' }, 'field-not-permitted'],
    ['rev', submitted, { ...submitted, status: 'draft' }, 'status-not-permitted'],
    ['rev', validated, { ...validated, status: 'rejected' }, 'read-only'],
    ['rev', null, { ...submitted, id: 'tc-rev' }, 'not-permitted'],
    ['contrib', submitted, validated, 'not-permitted'],
    ['kiosk', submitted, validated, 'not-permitted'],
    ['kiosk', null, created, 'not-permitted'],
  ] as const)('%s: change #%# => %s', (who, before, after, expected) => {
    expect(decide(who, 'teacherContractSubmissions', before, after)).toBe(expected);
  });

  it('a rejected file corrected and submitted again by its teacher is accepted (rejection kept on record)', () => {
    const result = submitSubmission({ current: rejected, fields: { bankName: 'Corrigée' }, now: NOW });
    // the fixture file lacks required fields: the screen saves them and keeps the status, as submitSubmission does
    const after = result.ok ? result.value : { ...rejected, bankName: 'Corrigée', updatedAt: NOW };
    expect(decide('t2', 'teacherContractSubmissions', rejected, after)).toBe('ok');
    const sent = { ...rejected, bankName: 'Corrigée', status: 'submitted', submittedAt: NOW, updatedAt: NOW };
    expect(decide('t2', 'teacherContractSubmissions', rejected, sent)).toBe('ok');
  });
});
