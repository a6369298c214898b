import { afterEach } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import type { Absence } from '../../src/domain/store/schema';
import { saveSubstitution } from '../../src/services/absences/absences';
import { slot, weekTimetable } from '../support/builders';

/**
 * Awa absent on Monday 16 November 2026, her 10:00-11:00 course in class-1 to replace: the device-side fixture
 * of the substitution tests. `absenceDevice(prefix)` opens a fresh database per call (deleted after each test)
 * holding the timetable (and `users` when given), with an empty outbox; `save` assigns a substitute (or none) as
 * the administrator 'u-admin' at `at`.
 */
export const awaTimetable = weekTimetable('tt', '2026-11-16', [
  slot({ id: 's1', dayOfWeek: 1, startTime: '10:00', endTime: '11:00', teacherUserId: 'awa' }),
]);

export const awaAbsence: Absence = {
  id: 'ab-1',
  teacherUserId: 'awa',
  date: '2026-11-16',
  startTime: null,
  endTime: null,
  reason: 'Malade',
  declaredAt: '2026-11-15T08:00:00.000Z',
  declaredByUserId: 'awa',
};

export const awaCourse = {
  timetableId: 'tt',
  slotKey: 's1',
  classId: 'class-1',
  moduleId: 'mod-math',
  levelId: null,
  date: '2026-11-16',
  startTime: '10:00',
  endTime: '11:00',
};

export function saveAwaSubstitution(db: AppDatabase, substituteUserId: string | null, at: string) {
  return saveSubstitution(db, {
    course: awaCourse,
    absence: awaAbsence,
    substituteUserId,
    actorUserId: 'u-admin',
    now: new Date(at),
  });
}

export function absenceDevice(
  prefix: string,
  users: { id: string; name: string; email: string; status: 'Active' }[] = [],
): () => Promise<AppDatabase> {
  const opened: AppDatabase[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.delete();
  });
  return async () => {
    const db = openDatabase(`${prefix}-${opened.length}-${Math.random()}`);
    opened.push(db);
    await writeBatch(db, async (w) => {
      await w.put('timetables', awaTimetable);
      for (const user of users) await w.put('users', user);
    });
    await db.outbox.clear();
    return db;
  };
}
