import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { RESCHEDULE_PROPOSAL_NOTE } from '../../src/domain/reschedule/requests';
import type { Slot, Timetable } from '../../src/domain/store/schema';
import {
  editReschedule,
  requestReschedule,
  validateReschedule,
} from '../../src/services/reschedule/reschedule-service';
import { slot as course, weekTimetable } from '../support/builders';

/** Tuesday 08:00-10:00, in person, id s-0. */
const slot = (overrides: Partial<Slot> = {}): Slot => course({ id: 's-0', dayOfWeek: 2, ...overrides });

// Week of Monday 2025-03-10 for class-1: Tuesday 08:00 maths; another class has Thursday 14:00 with the same teacher.
const week: Timetable = weekTimetable('tt-w11', '2025-03-10', [slot()], { planningImportId: 'imp-1' });
const otherClass: Timetable = {
  ...week,
  id: 'tt-w11-b',
  classId: 'class-2',
  slots: [slot({ id: 's-b', dayOfWeek: 4, startTime: '14:00', endTime: '16:00' })],
};

const teacher = { userId: 'teacher-a', userName: 'Moussa Fall' };
const admin = { userId: 'admin-1', userName: 'Awa Diop' };
const MONDAY_7H = '2025-03-10T07:00:00Z';

let db: AppDatabase;
let n = 0;
beforeEach(async () => {
  db = openDatabase(`reschedule-service-${(n += 1)}`);
  await db.timetables.bulkPut([week, otherClass]);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function request(proposedDate: string, start = '14:00', end = '16:00', now = MONDAY_7H) {
  return requestReschedule(db, {
    timetableId: week.id,
    slotIndex: 0,
    proposedDate,
    proposedStartTime: start,
    proposedEndTime: end,
    reason: ' Jury ',
    actor: teacher,
    now,
  });
}

describe('requestReschedule (spec part 2 point 4)', () => {
  it('writes the pending request and its proposal log in one batch; the course stays planned (issue 33)', async () => {
    const result = await request('2025-03-13');
    expect(result.ok).toBe(true);
    const requests = await db.rescheduleRequests.toArray();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      status: 'pending',
      reason: 'Jury',
      proposedDate: '2025-03-13',
      teacherUserId: 'teacher-a',
      classId: 'class-1',
      requestedAt: '2025-03-10T07:00:00.000Z',
    });
    expect((await db.timetables.get(week.id))?.slots[0]?.canceled).toBe(false);
    const logs = await db.planningLogs.orderBy('id').toArray();
    expect(logs.map((l) => l.action)).toEqual(['planning-reschedule']);
    expect(logs.find((l) => l.action === 'planning-reschedule')?.note).toBe(RESCHEDULE_PROPOSAL_NOTE);
    const outbox = await db.outbox.toArray();
    expect(outbox.map((m) => m.collection).sort()).toEqual(['planningLogs', 'rescheduleRequests']);
  });

  it('is refused under 24 hours, and writes nothing', async () => {
    const result = await request('2025-03-13', '14:00', '16:00', '2025-03-10T08:00:01Z');
    expect(result).toEqual({ ok: false, code: 'too-late' });
    expect(await db.rescheduleRequests.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.timetables.get(week.id))?.slots[0]?.canceled).toBe(false);
  });

  it('exactly 24 hours before is allowed; a second request while one is pending is refused', async () => {
    expect((await request('2025-03-13', '14:00', '16:00', '2025-03-10T08:00:00Z')).ok).toBe(true);
    expect(await request('2025-03-13')).toEqual({ ok: false, code: 'already-requested' });
  });

  it('refuses an unknown timetable and an unreadable proposal', async () => {
    const missing = await requestReschedule(db, {
      timetableId: 'nope',
      slotIndex: 0,
      proposedDate: '2025-03-13',
      proposedStartTime: '14:00',
      proposedEndTime: '16:00',
      reason: '',
      actor: teacher,
      now: MONDAY_7H,
    });
    expect(missing).toEqual({ ok: false, code: 'timetable-not-found' });
    expect((await request('2025-02-30')).ok).toBe(false);
    expect((await request('2025-03-13', '16:00', '14:00')).ok).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('editReschedule and validateReschedule (spec part 2 point 2 and 4)', () => {
  async function pendingId(date = '2025-03-13', start = '10:00', end = '12:00'): Promise<string> {
    const result = await request(date, start, end);
    if (!result.ok) throw new Error(result.code);
    return result.value.id;
  }

  it('edits the proposal of a pending request', async () => {
    const id = await pendingId();
    const edited = await editReschedule(db, id, {
      proposedDate: '2025-03-14',
      proposedStartTime: '9:00',
      proposedEndTime: '11:00',
    });
    expect(edited.ok).toBe(true);
    expect(await db.rescheduleRequests.get(id)).toMatchObject({
      proposedDate: '2025-03-14',
      proposedStartTime: '09:00',
      proposedEndTime: '11:00',
      status: 'pending',
    });
    expect(
      await editReschedule(db, 'nope', {
        proposedDate: '2025-03-14',
        proposedStartTime: '9:00',
        proposedEndTime: '11:00',
      }),
    ).toEqual({ ok: false, code: 'request-not-found' });
  });

  it('within the same week: moves the slot in place, un-canceled, approver and time recorded', async () => {
    const id = await pendingId('2025-03-13', '10:00', '12:00');
    const result = await validateReschedule(db, {
      requestId: id,
      approver: admin,
      now: '2025-03-10T09:00:00Z',
    });
    expect(result.ok).toBe(true);
    expect(await db.rescheduleRequests.get(id)).toMatchObject({
      status: 'approved',
      approvedAt: '2025-03-10T09:00:00.000Z',
      approvedByUserId: 'admin-1',
      approvedByUserName: 'Awa Diop',
    });
    expect((await db.timetables.get(week.id))?.slots).toEqual([
      slot({ dayOfWeek: 4, startTime: '10:00', endTime: '12:00' }),
    ]);
    expect(await db.timetables.count()).toBe(2);
    expect(
      await editReschedule(db, id, {
        proposedDate: '2025-03-14',
        proposedStartTime: '9:00',
        proposedEndTime: '11:00',
      }),
    ).toEqual({ ok: false, code: 'not-pending' });
    expect(
      (await validateReschedule(db, { requestId: id, approver: admin, now: '2025-03-10T09:00:00Z' })).ok,
    ).toBe(false);
  });

  it('into a later week: the old slot is canceled then and the class gets a new week timetable', async () => {
    const id = await pendingId('2025-03-18', '10:00', '12:00');
    const result = await validateReschedule(db, {
      requestId: id,
      approver: admin,
      now: '2025-03-10T09:00:00Z',
    });
    expect(result.ok).toBe(true);
    expect((await db.timetables.get(week.id))?.slots[0]?.canceled).toBe(true);
    const created = (await db.timetables.toArray()).find((t) => t.weekStartDate === '2025-03-17');
    expect(created).toMatchObject({ periodicity: 'week', classId: 'class-1', year: 2025 });
    expect(created?.slots).toHaveLength(1);
    expect(created?.slots[0]).toMatchObject({
      dayOfWeek: 2,
      startTime: '10:00',
      endTime: '12:00',
      canceled: false,
    });
    expect(created?.slots[0]?.id).not.toBe('s-0');
  });

  it('uses the edited proposal given at validation time', async () => {
    const id = await pendingId('2025-03-13');
    await validateReschedule(db, {
      requestId: id,
      approver: admin,
      now: '2025-03-10T09:00:00Z',
      proposal: { proposedDate: '2025-03-15', proposedStartTime: '08:00', proposedEndTime: '09:30' },
    });
    expect((await db.timetables.get(week.id))?.slots[0]).toMatchObject({
      dayOfWeek: 6,
      startTime: '08:00',
      endTime: '09:30',
    });
    expect((await db.rescheduleRequests.get(id))?.proposedDate).toBe('2025-03-15');
  });

  it('a move into a teacher conflict writes nothing until confirmed', async () => {
    const id = await pendingId('2025-03-13', '15:00', '17:00');
    const outboxBefore = await db.outbox.count();
    const refused = await validateReschedule(db, {
      requestId: id,
      approver: admin,
      now: '2025-03-10T09:00:00Z',
    });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.code).toBe('conflict');
    expect(await db.outbox.count()).toBe(outboxBefore);
    expect((await db.rescheduleRequests.get(id))?.status).toBe('pending');

    const confirmed = await validateReschedule(db, {
      requestId: id,
      approver: admin,
      now: '2025-03-10T09:00:00Z',
      allowConflicts: true,
    });
    expect(confirmed.ok && confirmed.value.conflicts).toHaveLength(1);
    expect((await db.timetables.get(week.id))?.slots[0]).toMatchObject({
      dayOfWeek: 4,
      startTime: '15:00',
      canceled: false,
    });
  });
});
