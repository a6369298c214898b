import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { closedRecord } from '../../src/domain/payroll/closing';
import type { MonthClosureRecord } from '../../src/domain/store/schema';
import {
  applyBulkAssignment,
  previewBulkAssignment,
  readBulkAssignData,
} from '../../src/services/planning/bulk-assign';
import { courseSlot, weekTimetable } from '../support/builders';

// Issue 30 item 5: the write of Consulter's bulk assignment, through the local store and its outbox.

const admin = { userId: 'u-admin', granted: ['planning.consulter', 'planning.consulter.actions'] };

describe('bulk assignment through the local store', () => {
  let db: AppDatabase;
  let n = 0;
  beforeEach(async () => {
    db = openDatabase(`bulk-assign-${(n += 1)}`);
    await db.profiles.bulkPut([
      { id: 'teacher', name: 'Enseignant', moduleIds: ['teacher.today'], formFieldKeys: [] },
      { id: 'admin', name: 'Admin', moduleIds: ['planning.consulter.actions'], formFieldKeys: [] },
    ]);
    await db.users.bulkPut([
      { id: 'u-sow', name: 'Moussa Sow', email: 's@e.sn', profileId: 'teacher', status: 'Active' },
      { id: 'u-ba', name: 'Aïda Ba', email: 'b@e.sn', profileId: 'teacher', status: 'Active' },
      { id: 'u-old', name: 'Ancien', email: 'o@e.sn', profileId: 'teacher', status: 'Inactive' },
      { id: 'u-admin', name: 'Awa Diop', email: 'a@e.sn', profileId: 'admin', status: 'Active' },
    ]);
    await db.classes.bulkPut([{ id: 'class-1', code: 'L1 Info', instituteId: 'inst-1' }]);
    await db.courseModules.bulkPut([
      { id: 'm-algo', code: 'ALGO', name: 'Algorithmique' },
      { id: 'm-net', code: 'NET', name: 'Réseaux' },
    ]);
    await db.timetables.bulkPut([
      // Thursday 30 April 2026 (April closed below) and Friday 1 May 2026.
      weekTimetable('tt-apr', '2026-04-27', [
        courseSlot(4, '08:00', '10:00', 'm-algo', ''),
        courseSlot(5, '08:00', '10:00', 'm-algo', ''),
      ]),
      weekTimetable('tt-may', '2026-05-04', [
        courseSlot(1, '08:00', '10:00', 'm-algo', ''),
        courseSlot(2, '08:00', '10:00', 'm-net', ''),
        courseSlot(3, '08:00', '10:00', 'm-algo', 'u-ba'),
      ]),
    ]);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('reads the groups by name, in the range too, and the teachers one may pick', async () => {
    const data = await readBulkAssignData(db, { from: '2026-05-04', to: '2026-05-10' }, '—');
    expect(data.groups.map((g) => [g.moduleName, g.className, g.courseCount])).toEqual([
      ['Algorithmique', 'L1 Info', 3],
      ['Réseaux', 'L1 Info', 1],
    ]);
    expect(data.groupsInRange?.map((g) => [g.moduleName, g.courseCount])).toEqual([
      ['Algorithmique', 1],
      ['Réseaux', 1],
    ]);
    expect(data.teachers.map((t) => t.name)).toEqual(['Aïda Ba', 'Moussa Sow']);
  });

  it('writes the staffed timetables and one outbox mutation each; a closed month and a staffed course stay', async () => {
    await db.monthClosures.put(
      closedRecord({
        month: '2026-04',
        instituteId: null,
        at: '2026-05-02T08:00:00.000Z',
        byUserId: 'u-root',
        byUserName: 'Admin',
      }) as unknown as MonthClosureRecord,
    );
    const request = {
      moduleId: 'm-algo',
      classId: 'class-1',
      teacherUserId: 'u-sow',
      actor: admin,
      now: new Date('2026-04-01T00:00:00.000Z'),
    };
    const preview = await previewBulkAssignment(db, request);
    expect(preview.ok && preview.value.assigned).toBe(2);
    expect(await db.outbox.count()).toBe(0);

    const result = await applyBulkAssignment(db, request);
    expect(result.ok && result.value.skipped['month-closed']).toBe(1);
    expect((await db.timetables.get('tt-apr'))?.slots.map((s) => s.teacherUserId)).toEqual(['', 'u-sow']);
    expect((await db.timetables.get('tt-may'))?.slots.map((s) => s.teacherUserId)).toEqual([
      'u-sow',
      '',
      'u-ba',
    ]);
    const outbox = await db.outbox.toArray();
    expect(outbox.map((m) => [m.collection, m.recordId, m.changedFields]).sort()).toEqual([
      ['timetables', 'tt-apr', ['slots']],
      ['timetables', 'tt-may', ['slots']],
    ]);
  });

  it.each([
    ['an inactive teacher', { teacherUserId: 'u-old' }, 'teacher-inactive'],
    ['someone who is not a teacher', { teacherUserId: 'u-admin' }, 'not-a-teacher'],
    [
      'an actor without the right',
      { actor: { userId: 'u-x', granted: ['planning.consulter'] } },
      'not-permitted',
    ],
  ])('refuses %s and writes nothing', async (_label, overrides, reason) => {
    const result = await applyBulkAssignment(db, {
      moduleId: 'm-algo',
      classId: 'class-1',
      teacherUserId: 'u-sow',
      actor: admin,
      ...overrides,
    });
    expect(result).toEqual({ ok: false, reason });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.timetables.get('tt-may'))?.slots[0]?.teacherUserId).toBe('');
  });
});
