import { describe, expect, it } from 'vitest';
import {
  retainedOfflineHashes,
  retainedRecord,
  type DeviceReaders,
} from '../../src/domain/access/device-retention';
import type { CollectionName } from '../../src/domain/store/collections';
import type { RecordData } from '../../src/domain/sync/merge';
import { checkLog, lookup, submission, timetable, userRecord } from './access-fixture';

const nobody: DeviceReaders = { kiosk: false, remembered: new Set() };
const kiosk: DeviceReaders = { kiosk: true, remembered: new Set() };
const t1Remembered: DeviceReaders = { kiosk: false, remembered: new Set(['t1']) };

const journalEntry: RecordData = {
  id: 'ul-1',
  timestamp: '2026-03-09T10:00:00.000Z',
  action: 'user-update',
  actorUserId: 'admin',
  targetUserId: 't1',
};
const planningImport: RecordData = { id: 'pi-1', createdAt: '2026-03-01T00:00:00.000Z', fileName: 'f.xlsx' };
const vhContract: RecordData = { id: 'c-1', teacherUserId: 't1', entries: [] };
const request: RecordData = { id: 'rr-1', teacherUserId: 't1', status: 'pending' };

function keep(readers: DeviceReaders, collection: CollectionName, data: RecordData) {
  return retainedRecord(readers, collection, data, lookup);
}

describe('what a shared device keeps after a sign-out', () => {
  it.each<[string, DeviceReaders, CollectionName, RecordData, 'kept' | 'removed']>([
    [
      'a contract file (bank details, attachments)',
      nobody,
      'teacherContractSubmissions',
      submission('t1', 'validated'),
      'removed',
    ],
    [
      'a contract file, on a kiosk',
      kiosk,
      'teacherContractSubmissions',
      submission('t1', 'validated'),
      'removed',
    ],
    [
      'another teacher’s file, t1 remembered',
      t1Remembered,
      'teacherContractSubmissions',
      submission('t2', 'submitted'),
      'removed',
    ],
    [
      't1’s own file, t1 remembered',
      t1Remembered,
      'teacherContractSubmissions',
      submission('t1', 'submitted'),
      'kept',
    ],
    ['a journal entry', nobody, 'userLogs', journalEntry, 'removed'],
    ['a journal entry about t1, t1 remembered', t1Remembered, 'userLogs', journalEntry, 'removed'],
    ['an import', nobody, 'planningImports', planningImport, 'removed'],
    ['a VH contract', nobody, 'contracts', vhContract, 'removed'],
    ['t1’s VH contract, t1 remembered', t1Remembered, 'contracts', vhContract, 'kept'],
    ['a reschedule request', nobody, 'rescheduleRequests', request, 'removed'],
    ['t1’s request, t1 remembered', t1Remembered, 'rescheduleRequests', request, 'kept'],
    ['a check-in log', nobody, 'planningLogs', checkLog(), 'removed'],
    ['a timetable (every session’s)', nobody, 'timetables', timetable, 'kept'],
    ['a user (public fields)', nobody, 'users', userRecord('t2'), 'kept'],
  ])('%s: %s', (_name, readers, collection, data, expected) => {
    const kept = keep(readers, collection, data);
    expect(kept === null ? 'removed' : 'kept').toBe(expected);
  });

  it('keeps of every user only the public fields, never a hash or a private field', () => {
    const kept = keep(nobody, 'users', userRecord('admin'));
    expect(kept).toEqual({
      id: 'admin',
      name: 'Nom admin',
      email: 'admin@ecole.test',
      profileId: 'super-admin',
      status: 'Active',
      extra: { firstName: 'Prénom', lastName: 'admin' },
    });
  });

  it('keeps a remembered person’s own record without its secrets (the hash stays apart)', () => {
    const kept = keep(t1Remembered, 'users', userRecord('t1'));
    expect(kept).toMatchObject({
      id: 't1',
      mustChangePassword: false,
      extra: { phone: '+221 77 000 00 00' },
    });
    for (const secret of ['passwordHash', 'pinHash', 'pinSalt', 'passwordResetTokenHash'])
      expect(kept).not.toHaveProperty(secret);
    expect(keep(t1Remembered, 'users', userRecord('t2'))).not.toHaveProperty('extra.phone');
  });

  it('keeps a remembered teacher’s own course logs with their position, and nobody else’s', () => {
    expect(keep(t1Remembered, 'planningLogs', checkLog())).toEqual(checkLog());
    expect(keep(t1Remembered, 'planningLogs', checkLog({ id: 'log-2', teacherUserId: 't2' }))).toBeNull();
  });

  it('leaves a kiosk its own view: PIN state of the PIN teachers, check logs without position', () => {
    const teacher = keep(kiosk, 'users', userRecord('t1'));
    expect(teacher).toHaveProperty('pinHash');
    expect(teacher).not.toHaveProperty('passwordHash');
    expect(keep(kiosk, 'users', userRecord('contrib'))).not.toHaveProperty('pinHash');
    const log = keep(kiosk, 'planningLogs', checkLog());
    expect(log).toMatchObject({ id: 'log-1', teacherUserId: 't1' });
    expect(log).not.toHaveProperty('latitude');
  });

  it('returns the very record when nothing is to be removed (no needless rewrite)', () => {
    expect(keep(nobody, 'timetables', timetable)).toBe(timetable);
    const own = checkLog();
    expect(keep(t1Remembered, 'planningLogs', own)).toBe(own);
  });

  it.each<[string, DeviceReaders, string[]]>([
    ['nobody remembered', nobody, []],
    ['t1 remembered', t1Remembered, ['t1']],
    ['a kiosk, even with someone remembered', { kiosk: true, remembered: new Set(['t1']) }, []],
  ])('offline sign-in hashes: %s', (_name, readers, expected) => {
    const hashes = { t1: 'pbkdf2-sha256$600000$a$b', admin: 'pbkdf2-sha256$600000$c$d' };
    expect(Object.keys(retainedOfflineHashes(readers, hashes))).toEqual(expected);
  });
});
