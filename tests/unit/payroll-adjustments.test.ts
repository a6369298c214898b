import { describe, expect, it } from 'vitest';
import { realSessions, sessionsMinutes } from '../../src/domain/attendance/real-time';
import { monthAdjustments } from '../../src/domain/payroll/adjustments';
import { monthRange } from '../../src/domain/time/period';
import { planningLog, slot, weekTimetable } from '../support/builders';

// Thursday 30 April 2026, 08:00-10:00; the week of 27 April runs into May.
const timetable = weekTimetable('tt-1', '2026-04-27', [slot({ dayOfWeek: 4 })]);
const checkin = planningLog('in-1', 'in', '2026-04-30T08:00:00.000Z');
const checkout = planningLog('out-1', 'out', '2026-04-30T09:00:00.000Z');
const correction = (id: string, to: string, adjustmentMonth: string | null, receivedAt: string) =>
  planningLog(id, 'planning-correction', receivedAt, {
    correctsLogId: 'out-1',
    correctedTimestamp: to,
    note: 'Départ oublié',
    actorUserName: 'Awa Diop',
    adjustmentMonth,
    receivedAt,
  });
const now = '2026-06-10T12:00:00.000Z';
const aprilMinutes = (logs: Parameters<typeof realSessions>[0]['logs']) =>
  sessionsMinutes(realSessions({ logs, range: monthRange('2026-04-15'), now, timetables: [timetable] }));

describe('monthAdjustments', () => {
  it('leaves the closed month as it was and credits the difference to the adjustment month', () => {
    const late = correction('c-1', '2026-04-30T10:00:00.000Z', '2026-05', '2026-05-03T09:00:00.000Z');
    const logs = [checkin, checkout, late];
    expect(aprilMinutes([checkin, checkout])).toBe(60);
    // The adjustment does not change April.
    expect(aprilMinutes(logs)).toBe(60);
    const may = monthAdjustments({ logs, timetables: [timetable], month: '2026-05', now });
    expect(may).toHaveLength(1);
    expect(may[0]).toMatchObject({
      date: '2026-04-30',
      minutesBefore: 60,
      minutesAfter: 120,
      deltaMinutes: 60,
      teacherUserId: 'teacher-a',
      actorUserName: 'Awa Diop',
      reason: 'Départ oublié',
      madeAt: '2026-05-03T09:00:00.000Z',
    });
    expect(monthAdjustments({ logs, timetables: [timetable], month: '2026-06', now })).toEqual([]);
    expect(
      monthAdjustments({ logs, timetables: [timetable], month: '2026-05', now, teacherUserId: 'x' }),
    ).toEqual([]);
  });

  it('chains adjustments of one session: each counts from the one before', () => {
    const first = correction('c-1', '2026-04-30T10:00:00.000Z', '2026-05', '2026-05-03T09:00:00.000Z');
    const second = correction('c-2', '2026-04-30T09:30:00.000Z', '2026-06', '2026-06-02T09:00:00.000Z');
    const logs = [checkin, checkout, second, first];
    const may = monthAdjustments({ logs, timetables: [timetable], month: '2026-05', now });
    const june = monthAdjustments({ logs, timetables: [timetable], month: '2026-06', now });
    expect(may.map((a) => a.deltaMinutes)).toEqual([60]);
    expect(june.map((a) => [a.minutesBefore, a.minutesAfter, a.deltaMinutes])).toEqual([[120, 90, -30]]);
  });

  it('an ordinary correction (open month) applies in place and is no adjustment', () => {
    const inPlace = correction('c-1', '2026-04-30T10:00:00.000Z', null, '2026-04-30T12:00:00.000Z');
    const logs = [checkin, checkout, inPlace];
    expect(aprilMinutes(logs)).toBe(120);
    expect(monthAdjustments({ logs, timetables: [timetable], month: '2026-05', now })).toEqual([]);
  });

  it('a recorded missing check-in after closing is an adjustment too', () => {
    const recorded = planningLog('rec-1', 'planning-correction', '2026-04-30T08:00:00.000Z', {
      recordsAction: 'planning-checkin',
      correctedTimestamp: '2026-04-30T08:00:00.000Z',
      note: 'Arrivée oubliée',
      adjustmentMonth: '2026-05',
      receivedAt: '2026-05-05T08:00:00.000Z',
    });
    const logs = [recorded, checkout];
    expect(aprilMinutes(logs)).toBe(0);
    const may = monthAdjustments({ logs, timetables: [timetable], month: '2026-05', now });
    expect(may.map((a) => a.deltaMinutes)).toEqual([60]);
  });
});
