import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import type { PlanningImport, Slot, Timetable } from '../../src/domain/store/schema';
import { planningLog } from '../support/builders';
import {
  createImportReferences,
  deleteImport,
  previewImportDeletion,
  saveImport,
} from '../../src/services/planning-import';

let db: AppDatabase;
let n = 0;
const actor = { id: 'u-admin', name: 'Awa Diop' };

beforeEach(async () => {
  db = openDatabase(`planning-import-${(n += 1)}`);
  await writeBatch(db, async (w) => {
    await w.put('profiles', { id: 'admin', name: 'Admin', moduleIds: [], formFieldKeys: [] });
    await w.put('profiles', { id: 'teacher', name: 'Enseignant', moduleIds: [], formFieldKeys: [] });
    await w.put('users', {
      id: 'u-admin',
      name: 'Awa Diop',
      email: 'awa@ecole.sn',
      profileId: 'admin',
      status: 'Active',
    });
  });
  await db.outbox.clear();
});
afterEach(async () => {
  await db.delete();
});

function planningImport(id: string): PlanningImport {
  return {
    id,
    periodicity: 'week',
    year: 2025,
    week: 12,
    month: 3,
    weekStartDate: '2025-03-17',
    fileName: 'edt.xlsx',
    createdAt: '2025-03-10T08:00:00.000Z',
  };
}

function timetable(
  id: string,
  importId: string | null,
  classId: string,
  moduleId: string,
  teacherUserId: string,
): Timetable {
  return {
    id,
    planningImportId: importId,
    periodicity: 'week',
    year: 2025,
    weekStartDate: '2025-03-17',
    month: null,
    classId,
    createdAt: '2025-03-10T08:00:00.000Z',
    slots: [
      {
        id: `${id}-s1`,
        dayOfWeek: 1,
        startTime: '08:00',
        endTime: '10:00',
        moduleId,
        teacherUserId,
        deliveryMode: 'presentiel',
        canceled: false,
      },
    ],
  };
}

async function importWithReferences(importId: string) {
  const created = await createImportReferences(db, {
    classes: [{ name: 'L1 Info', levelId: null, instituteId: null }],
    modules: [{ name: 'Algorithmique', levelId: null, instituteId: null }],
    teachers: [{ name: 'Moussa Fall', email: '', profileId: 'teacher' }],
    importId,
    actor,
  });
  const classId = created.classes[0]!.id;
  const moduleId = created.courseModules[0]!.id;
  const teacherId = created.users[0]!.id;
  await saveImport(db, {
    planningImport: planningImport(importId),
    timetables: [timetable(`tt-${importId}`, importId, classId, moduleId, teacherId)],
    created: { classIds: [classId], moduleIds: [moduleId], userIds: [teacherId] },
  });
  return { classId, moduleId, teacherId };
}

describe('createImportReferences', () => {
  it('writes classes, modules and an Active teacher with the imported-teacher password', async () => {
    const created = await createImportReferences(db, {
      classes: [{ name: 'L1 Info', levelId: 'l1', instituteId: 'i1' }],
      modules: [{ name: 'Algorithmique', levelId: 'l1', instituteId: 'i1' }],
      teachers: [{ name: 'Moussa Fall', email: '', profileId: 'teacher' }],
      importId: 'imp-1',
      actor,
    });
    const user = await db.users.get(created.users[0]!.id);
    expect(user).toMatchObject({
      name: 'Moussa Fall',
      email: 'moussa.fall@enseignants.invalid',
      status: 'Active',
      profileId: 'teacher',
      mustChangePassword: true,
      createdByImportId: 'imp-1',
    });
    // No shared initial password (issue 29): the server makes each teacher's invitation.
    expect(user?.passwordHash).toBeUndefined();
    expect(await db.classes.toArray()).toMatchObject([
      { code: 'L1 Info', levelId: 'l1', createdByImportId: 'imp-1' },
    ]);
    expect(await db.courseModules.toArray()).toMatchObject([{ name: 'Algorithmique', code: 'ALGORITHMIQU' }]);
    expect(await db.userLogs.toArray()).toMatchObject([
      { action: 'create', targetUserName: 'Moussa Fall', actorUserId: 'u-admin' },
    ]);
    // Record + outbox mutation for each write (classes, modules, users, logs).
    expect((await db.outbox.toArray()).map((m) => m.collection).sort()).toEqual([
      'classes',
      'courseModules',
      'userLogs',
      'users',
    ]);
  });
});

describe('saveImport', () => {
  it('writes the import, its timetables and stamps the created items in one transaction', async () => {
    const { classId } = await importWithReferences('imp-1');
    expect(await db.planningImports.get('imp-1')).toMatchObject({ fileName: 'edt.xlsx', week: 12 });
    expect(await db.timetables.toArray()).toMatchObject([
      { id: 'tt-imp-1', planningImportId: 'imp-1', classId },
    ]);
    const mutations = (await db.outbox.toArray()).filter((m) =>
      ['planningImports', 'timetables'].includes(m.collection),
    );
    expect(mutations).toHaveLength(2);
  });

  it('writes nothing when the transaction fails', async () => {
    const bad = { ...planningImport('imp-x') };
    await expect(
      saveImport(db, {
        planningImport: bad,
        timetables: [{ ...timetable('tt-x', 'imp-x', 'c', 'm', 't'), id: undefined as unknown as string }],
        created: { classIds: [], moduleIds: [], userIds: [] },
      }),
    ).rejects.toThrow();
    expect(await db.planningImports.count()).toBe(0);
  });
});

describe('saveImport on a re-import (same class and week as an earlier import)', () => {
  const monday = (id: string, importId: string) => timetable(id, importId, 'c-l1', 'm-algo', 'u-fall');
  const withSlots = (t: Timetable, slots: Timetable['slots']): Timetable => ({ ...t, slots });
  const course = (id: string, dayOfWeek: number, startTime: string, moduleId: string): Slot => ({
    id,
    dayOfWeek,
    startTime,
    endTime: `${String(Number(startTime.slice(0, 2)) + 2).padStart(2, '0')}:00`,
    moduleId,
    teacherUserId: 'u-fall',
    deliveryMode: 'presentiel',
    canceled: false,
  });
  const none = { classIds: [], moduleIds: [], userIds: [] };

  async function earlierImport(slots: Timetable['slots']) {
    await saveImport(db, {
      planningImport: planningImport('imp-1'),
      timetables: [withSlots(monday('tt-old', 'imp-1'), slots)],
      created: none,
    });
  }

  it('"Ajouter" (replaceEarlier false) keeps the earlier courses untouched and adds the new ones beside', async () => {
    await earlierImport([course('a', 1, '08:00', 'm-algo'), course('b', 2, '08:00', 'm-maths')]);
    const before = await db.timetables.get('tt-old');
    const plan = await saveImport(db, {
      planningImport: { ...planningImport('imp-2'), fileName: 'edt-bis.xlsx' },
      // The same Monday course again, and a new Wednesday one: "Ajouter" adds what the file holds.
      timetables: [
        withSlots(monday('tt-new', 'imp-2'), [
          course('c', 1, '08:00', 'm-algo'),
          course('d', 3, '14:00', 'm-web'),
        ]),
      ],
      created: none,
      replaceEarlier: false,
    });
    expect(plan).toBeNull();
    expect(await db.timetables.get('tt-old')).toEqual(before);
    const stored = await db.timetables.orderBy('id').toArray();
    expect(stored.map((t) => [t.id, t.planningImportId, t.classId, t.weekStartDate])).toEqual([
      ['tt-new', 'imp-2', 'c-l1', '2025-03-17'],
      ['tt-old', 'imp-1', 'c-l1', '2025-03-17'],
    ]);
    expect(stored[0]?.slots.map((s) => `${s.dayOfWeek} ${s.startTime} ${s.moduleId}`)).toEqual([
      '1 08:00 m-algo',
      '3 14:00 m-web',
    ]);
    expect((await db.planningImports.orderBy('id').toArray()).map((i) => i.id)).toEqual(['imp-1', 'imp-2']);
    const timetableMutations = (await db.outbox.toArray()).filter((m) => m.collection === 'timetables');
    expect(timetableMutations.map((m) => m.recordId).sort()).toEqual(['tt-new', 'tt-old']);
  });

  it('"Remplacer" keeps a checked-in course of the earlier import, its history still pointing at it', async () => {
    await earlierImport([
      course('a', 1, '08:00', 'm-algo'),
      course('b', 2, '08:00', 'm-maths'),
      course('c', 4, '10:00', 'm-droit'),
    ]);
    // Tuesday's maths (index 1) was checked in and out.
    const log = {
      timetableId: 'tt-old',
      classId: 'c-l1',
      moduleId: 'm-maths',
      teacherUserId: 'u-fall',
      slotIndex: 1,
    };
    await writeBatch(db, async (w) => {
      await w.put('planningLogs', planningLog('log-in', 'in', '2025-03-18T08:02:00.000Z', log));
      await w.put('planningLogs', planningLog('log-out', 'out', '2025-03-18T10:01:00.000Z', log));
    });
    const logsBefore = await db.planningLogs.orderBy('id').toArray();
    // The new file drops maths and droit, keeps algo, adds web.
    const plan = await saveImport(db, {
      planningImport: planningImport('imp-2'),
      timetables: [
        withSlots(monday('tt-new', 'imp-2'), [
          course('n1', 1, '08:00', 'm-algo'),
          course('n2', 5, '14:00', 'm-web'),
        ]),
      ],
      created: none,
      replaceEarlier: true,
    });
    expect(plan).toMatchObject({ created: [], removed: [], kept: 1 });
    // Rewritten in place: one timetable for the class and week, now the new import's.
    const stored = await db.timetables.toArray();
    expect(stored.map((t) => [t.id, t.planningImportId])).toEqual([['tt-old', 'imp-2']]);
    const slots = stored[0]?.slots ?? [];
    expect(slots.map((s) => `${s.dayOfWeek} ${s.startTime} ${s.moduleId}`)).toEqual([
      '1 08:00 m-algo',
      '2 08:00 m-maths',
      '5 14:00 m-web',
    ]);
    // The check-in history is untouched and still names the course it was made on.
    expect(await db.planningLogs.orderBy('id').toArray()).toEqual(logsBefore);
    for (const entry of logsBefore) {
      expect(slots[entry.slotIndex]?.moduleId).toBe(entry.moduleId);
    }
    expect(await db.timetables.get('tt-new')).toBeUndefined();
  });
});

describe('deleteImport', () => {
  it('removes the timetables, created items and same-period legacy timetables', async () => {
    await importWithReferences('imp-1');
    await writeBatch(db, (w) => w.put('timetables', timetable('legacy', null, 'c-old', 'm-old', 'u-admin')));
    const preview = await previewImportDeletion(db, 'imp-1');
    expect(preview.ok && preview.value.legacyTimetables.map((t) => t.id)).toEqual(['legacy']);
    const result = await deleteImport(db, 'imp-1');
    expect(result.ok).toBe(true);
    expect(await db.timetables.count()).toBe(0);
    expect(await db.classes.count()).toBe(0);
    expect(await db.courseModules.count()).toBe(0);
    expect((await db.users.toArray()).map((u) => u.id)).toEqual(['u-admin']);
    expect(await db.planningImports.count()).toBe(0);
  });

  it('is blocked when a created teacher is used by another import, and removes nothing', async () => {
    const { teacherId } = await importWithReferences('imp-1');
    await writeBatch(db, async (w) => {
      await w.put('planningImports', { ...planningImport('imp-2'), weekStartDate: '2025-03-24', week: 13 });
      await w.put('timetables', {
        ...timetable('tt-2', 'imp-2', 'c-2', 'm-2', teacherId),
        weekStartDate: '2025-03-24',
      });
    });
    const result = await deleteImport(db, 'imp-1');
    expect(result).toMatchObject({
      ok: false,
      code: 'blocked',
      blockers: [{ kind: 'teacher', name: 'Moussa Fall', timetableIds: ['tt-2'] }],
    });
    expect(await db.timetables.count()).toBe(2);
    expect(await db.planningImports.count()).toBe(2);
  });

  it('reports an unknown import', async () => {
    expect(await deleteImport(db, 'nope')).toEqual({ ok: false, code: 'not-found' });
  });
});
