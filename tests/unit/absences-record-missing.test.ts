import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { assignSubstitute } from '../../src/domain/absences/records';
import { correctCheckTime } from '../../src/services/attendance';
import { slot, weekTimetable } from '../support/builders';

/**
 * Issue 35, item 3, on the device: the administrator's missing check of a substituted course is written for
 * the substitute (the server refuses the absent teacher: tests/server/absences-admin-record.test.ts), even
 * when the screen names the slot's teacher; a course cancelled for want of a substitute records nothing.
 */
// Thursday 30 April 2026: 08:00-10:00 replaced by teacher-b, 10:00-12:00 cancelled, both teacher-a's.
const timetable = weekTimetable('tt-1', '2026-04-27', [
  slot({ id: 's-1', dayOfWeek: 4 }),
  slot({ id: 's-2', dayOfWeek: 4, startTime: '10:00', endTime: '12:00' }),
]);
const admin = { userId: 'u-admin', userName: 'Awa Diop' };
const opened: AppDatabase[] = [];
let n = 0;

const course = (slotKey: string, startTime: string, endTime: string) => ({
  timetableId: 'tt-1',
  slotKey,
  classId: 'class-1',
  moduleId: 'mod-math',
  levelId: null,
  date: '2026-04-30',
  startTime,
  endTime,
});

async function seeded(): Promise<AppDatabase> {
  const db = openDatabase(`absences-record-missing-${(n += 1)}`);
  opened.push(db);
  const assign = (c: ReturnType<typeof course>, substituteUserId: string | null) => ({
    ...assignSubstitute({
      course: c,
      absence: { id: 'ab-1', teacherUserId: 'teacher-a' },
      substituteUserId,
      actorUserId: 'u-admin',
      now: '2026-04-29T10:00:00.000Z',
    }),
  });
  await writeBatch(db, async (w) => {
    await w.put('timetables', timetable);
    await w.put('substitutions', assign(course('s-1', '08:00', '10:00'), 'teacher-b'));
    await w.put('substitutions', assign(course('s-2', '10:00', '12:00'), null));
  });
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const missing = (slotIndex: number) => ({
  record: 'planning-checkin' as const,
  timetableId: 'tt-1',
  slotIndex,
  date: '2026-04-30',
  teacherUserId: 'teacher-a',
});

describe('an administrator records a substituted course’s missing check-in', () => {
  it('names the substitute, not the absent teacher the screen passed', async () => {
    const db = await seeded();
    const result = await correctCheckTime(db, {
      target: missing(0),
      time: '08:05',
      reason: 'Oubli',
      actor: admin,
      now: '2026-04-30T12:00:00.000Z',
    });
    expect(result.ok && result.log.teacherUserId).toBe('teacher-b');
    expect((await db.planningLogs.toArray()).map((l) => l.teacherUserId)).toEqual(['teacher-b']);
  });

  it('records nothing on a course cancelled for want of a substitute', async () => {
    const db = await seeded();
    const result = await correctCheckTime(db, {
      target: missing(1),
      time: '10:05',
      reason: 'Oubli',
      actor: admin,
      now: '2026-04-30T12:00:00.000Z',
    });
    expect(result).toEqual({ ok: false, code: 'slot-not-found' });
    expect(await db.planningLogs.count()).toBe(0);
  });

  it('refuses the substitute recording her own missing check (four eyes)', async () => {
    const db = await seeded();
    const result = await correctCheckTime(db, {
      target: missing(0),
      time: '08:05',
      reason: 'Oubli',
      actor: { userId: 'teacher-b', userName: 'B' },
      now: '2026-04-30T12:00:00.000Z',
    });
    expect(result).toEqual({ ok: false, code: 'own-hours' });
  });
});
