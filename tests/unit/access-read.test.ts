import { describe, expect, it } from 'vitest';
import { lookupKeys } from '../../src/domain/access/lookup';
import { projectRecord } from '../../src/domain/access/read';
import {
  canReadCollection,
  mayRecordAttendance,
  mayReviewContracts,
  seesAllNotifications,
} from '../../src/domain/access/rules';
import { effectiveModules } from '../../src/domain/access/viewer';
import type { CollectionName } from '../../src/domain/store/collections';
import type { RecordData } from '../../src/domain/sync/merge';
import {
  checkLog,
  lookup,
  submission,
  timetable,
  userRecord,
  viewers,
  type ViewerName,
} from './access-fixture';

const SECRETS = ['passwordHash', 'pinHash', 'pinSalt', 'passwordResetTokenHash', 'passwordResetExpiresAt'];

function project(viewer: ViewerName, collection: CollectionName, data: RecordData) {
  return projectRecord(viewers[viewer], collection, data, lookup);
}

describe('users as each session receives them', () => {
  it('a user receives their own record in full, the very same object', () => {
    const own = userRecord('t1');
    expect(project('t1', 'users', own)).toBe(own);
    expect(project('t1Pin', 'users', own)).toBe(own);
  });

  it.each(['admin', 'contrib'] as const)('%s (users module) gets other users without any secret', (who) => {
    const seen = project(who, 'users', userRecord('t1'));
    for (const field of SECRETS) expect(seen).not.toHaveProperty(field);
    expect(seen).toMatchObject({ id: 't1', name: 'Nom t1', email: 't1@ecole.test', status: 'Active' });
    // the management screen shows and edits every form field and the PIN state
    expect(seen).toMatchObject({
      extra: { phone: '+221 77 000 00 00' },
      pinExpiresAt: '2027-01-01T00:00:00.000Z',
    });
  });

  it.each(['t1', 'rev', 'plan', 'adminPin'] as const)(
    '%s gets other users reduced to public fields',
    (who) => {
      expect(project(who, 'users', userRecord('t2'))).toEqual({
        id: 't2',
        name: 'Nom t2',
        email: 't2@ecole.test',
        profileId: 'teacher',
        status: 'Active',
        extra: { firstName: 'Prénom', lastName: 't2' },
      });
    },
  );

  it('the kiosk gets active teacher.today holders with their PIN state, never a password hash', () => {
    const seen = project('kiosk', 'users', userRecord('t1'));
    expect(seen).toMatchObject({
      id: 't1',
      name: 'Nom t1',
      pinHash: userRecord('t1').pinHash,
      pinSalt: 'cGlu',
    });
    expect(seen).toHaveProperty('pinFailedAttempts', 0);
    expect(seen).not.toHaveProperty('passwordHash');
    expect(seen).not.toHaveProperty('passwordResetTokenHash');
    expect(seen).not.toHaveProperty('extra.phone');
  });

  it.each(['contrib', 'rev', 't3'])('the kiosk does not receive %s (not an active PIN teacher)', (id) => {
    expect(project('kiosk', 'users', userRecord(id))).toBeNull();
  });

  it('Super Admin holds teacher.today: a kiosk receives its PIN hash only when set to list administrators', () => {
    // Issue 29 item 4: a stolen kiosk searched the Super Admin's 6-digit PIN offline.
    const hidden = project('kiosk', 'users', userRecord('admin'));
    expect(hidden).toMatchObject({ id: userRecord('admin').id, profileId: userRecord('admin').profileId });
    expect(hidden).not.toHaveProperty('pinHash');
    const listing = projectRecord({ kind: 'kiosk', listsAdmins: true }, 'users', userRecord('admin'), lookup);
    expect(listing).toHaveProperty('pinHash', userRecord('admin').pinHash);
    // A teacher's PIN hash goes to every kiosk (offline PIN check).
    expect(project('kiosk', 'users', userRecord('t1'))).toHaveProperty('pinHash', userRecord('t1').pinHash);
  });

  it('the system sees everything', () => {
    const record = userRecord('t2');
    expect(project('system', 'users', record)).toBe(record);
  });
});

describe('contract files: the teacher and the compliance reviewers only', () => {
  const own = submission('t1', 'submitted');
  const other = submission('t2', 'draft');
  it.each([
    ['rev', own, true],
    ['rev', other, true],
    ['admin', other, true], // Super Admin holds contracts.compliance
    ['t1', own, true],
    ['t1', other, false],
    ['t2', own, false],
    ['contrib', own, false],
    ['plan', own, false],
    ['kiosk', own, false],
    ['t1Pin', own, true], // still their own record
  ] as const)('%s reading %s -> %s', (who, record, visible) => {
    const seen = project(who, 'teacherContractSubmissions', record);
    if (visible) expect(seen).toBe(record);
    else expect(seen).toBeNull();
  });
});

describe('collection by collection (rule table)', () => {
  const ownLog = checkLog();
  const otherLog = checkLog({ id: 'log-2', teacherUserId: 't2', actorUserId: 't2', slotIndex: 1 });
  const cancelLog = checkLog({ id: 'log-3', action: 'planning-cancel', latitude: null, longitude: null });
  const ownNotification = {
    id: 'n1',
    kind: 'checkin',
    timetableId: 'tt-1',
    slotIndex: 0,
    teacherUserId: 't1',
  };
  const otherNotification = { ...ownNotification, id: 'n2', slotIndex: 1, teacherUserId: 't2' };
  const ownRequest = { id: 'r1', timetableId: 'tt-1', slotIndex: 0, teacherUserId: 't1', status: 'pending' };
  const otherContract = { id: 'c1', teacherUserId: 't2', entries: [] };
  const userLog = { id: 'ul1', action: 'create', actorUserId: 'admin', timestamp: '2026-03-01T00:00:00Z' };
  const planningImport = { id: 'imp-1', periodicity: 'week', year: 2026, createdAt: '2026-03-01' };

  it.each([
    // references, timetables and settings: every session, kiosk included
    ...(
      ['profiles', 'modules', 'institutes', 'levels', 'classes', 'courseModules', 'settings'] as const
    ).flatMap((c) => (['t1', 'kiosk', 'contrib'] as const).map((v) => [v, c, { id: 'x' }, true] as const)),
    ['t1', 'timetables', timetable, true],
    ['kiosk', 'timetables', timetable, true],
    ['t1', 'planningLogs', ownLog, true],
    ['t1', 'planningLogs', otherLog, false],
    ['plan', 'planningLogs', otherLog, true],
    ['admin', 'planningLogs', otherLog, true],
    ['contrib', 'planningLogs', otherLog, false],
    ['rev', 'planningLogs', otherLog, true], // contracts.* reads real hours
    ['kiosk', 'planningLogs', cancelLog, false],
    ['t1', 'notifications', ownNotification, true],
    ['t1', 'notifications', otherNotification, false],
    ['plan', 'notifications', otherNotification, true], // attendance follows every check-in
    ['rev', 'notifications', otherNotification, false],
    ['kiosk', 'notifications', ownNotification, false],
    ['t1', 'rescheduleRequests', ownRequest, true],
    ['t2', 'rescheduleRequests', ownRequest, false],
    ['admin', 'rescheduleRequests', ownRequest, true],
    ['kiosk', 'rescheduleRequests', ownRequest, false],
    ['t2', 'contracts', otherContract, true],
    ['t1', 'contracts', otherContract, false],
    ['admin', 'contracts', otherContract, true],
    ['plan', 'contracts', otherContract, true], // contract warnings of a slot reschedule
    ['kiosk', 'contracts', otherContract, false],
    ['admin', 'userLogs', userLog, true],
    ['contrib', 'userLogs', userLog, false],
    ['t1', 'userLogs', userLog, false],
    ['kiosk', 'userLogs', userLog, false],
    ['admin', 'planningImports', planningImport, true],
    ['plan', 'planningImports', planningImport, false],
    ['t1', 'planningImports', planningImport, false],
    ['adminPin', 'planningImports', planningImport, false], // PIN session: teacher.today only
  ] as const)('%s reading %s #%# -> %s', (who, collection, record, visible) => {
    const seen = project(who, collection, record);
    if (visible) expect(seen).toBe(record);
    else expect(seen).toBeNull();
  });

  it('the kiosk receives check-in/out logs without anyone position', () => {
    const seen = project('kiosk', 'planningLogs', otherLog);
    expect(seen).toMatchObject({ id: 'log-2', action: 'planning-checkin', teacherUserId: 't2' });
    expect(seen).not.toHaveProperty('latitude');
    expect(seen).not.toHaveProperty('longitude');
    expect(seen).not.toHaveProperty('accuracy');
  });

  it('canReadCollection tells the server which collections it may skip', () => {
    expect(canReadCollection(viewers.kiosk, 'teacherContractSubmissions')).toBe(false);
    expect(canReadCollection(viewers.kiosk, 'users')).toBe(true);
    expect(canReadCollection(viewers.t1, 'userLogs')).toBe(false);
    expect(canReadCollection(viewers.admin, 'userLogs')).toBe(true);
    expect(canReadCollection(viewers.t1, 'teacherContractSubmissions')).toBe(true);
    expect(canReadCollection(viewers.t1, 'planningImports')).toBe(false);
  });
});

describe('shared building blocks', () => {
  it('a PIN session acts with teacher.today alone', () => {
    expect([...effectiveModules(viewers.adminPin)]).toEqual(['teacher.today']);
    expect([...effectiveModules(viewers.t1Pin)]).toEqual(['teacher.today']);
    expect(effectiveModules(viewers.admin)).toBe(viewers.admin.granted);
  });

  it('Arrivée/Départ: own non-canceled slot, every slot with the actions module, kiosk for PIN teachers', () => {
    const [own, other, canceled, inactive] = timetable.slots;
    if (!own || !other || !canceled || !inactive) throw new Error('fixture');
    expect(mayRecordAttendance(viewers.t1, own)).toBe(true);
    expect(mayRecordAttendance(viewers.t1, other)).toBe(false);
    expect(mayRecordAttendance(viewers.t1, canceled)).toBe(false);
    expect(mayRecordAttendance(viewers.plan, other)).toBe(true);
    expect(mayRecordAttendance(viewers.plan, canceled)).toBe(true);
    expect(mayRecordAttendance(viewers.kiosk, own, lookup)).toBe(true);
    expect(mayRecordAttendance(viewers.kiosk, own)).toBe(false);
    expect(mayRecordAttendance(viewers.kiosk, canceled, lookup)).toBe(false);
    expect(mayRecordAttendance(viewers.kiosk, inactive, lookup)).toBe(false);
  });

  it('review and notification scopes', () => {
    expect(mayReviewContracts(viewers.rev.granted)).toBe(true);
    expect(mayReviewContracts(viewers.contrib.granted)).toBe(false);
    expect(seesAllNotifications(viewers.plan.granted)).toBe(true);
    expect(seesAllNotifications(viewers.t1.granted)).toBe(false);
  });

  it('lookupKeys names the slot timetable and the teacher of slot records only', () => {
    expect(lookupKeys('planningLogs', null, checkLog())).toEqual({ users: ['t1'], timetables: ['tt-1'] });
    expect(
      lookupKeys('notifications', { timetableId: 'tt-1', teacherUserId: 't1' }, { timetableId: 'tt-2' }),
    ).toEqual({ users: ['t1'], timetables: ['tt-1', 'tt-2'] });
    expect(lookupKeys('users', userRecord('t1'), null)).toEqual({ users: [], timetables: [] });
    expect(lookupKeys('timetables', null, timetable)).toEqual({ users: [], timetables: [] });
  });
});
