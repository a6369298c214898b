import { describe, expect, it } from 'vitest';
import { checkAvailability } from '../../src/features/teacher/check-gates';
import { longDate, periodLabel, readPickedDate } from '../../src/features/teacher/period';
import type { SlotDisplayItem } from '../../src/domain/planning/slot-display';
import type { PlanningLog, Timetable } from '../../src/domain/store/schema';

describe('teacher period labels and picker', () => {
  it.each([
    ['day', '2026-03-09', 'Lundi 9 mars 2026'],
    ['week', '2026-03-11', 'Semaine 11 · du 09/03/2026 au 15/03/2026'],
    // a week across a year end keeps its ISO number
    ['week', '2025-12-31', 'Semaine 1 · du 29/12/2025 au 04/01/2026'],
    ['month', '2026-02-28', 'Février 2026'],
  ] as const)('%s of %s', (kind, reference, expected) => {
    expect(periodLabel(kind, reference)).toBe(expected);
  });

  it('reads a picked date or month, and refuses anything else', () => {
    expect(readPickedDate('2026-03-09')).toBe('2026-03-09');
    expect(readPickedDate('2026-02')).toBe('2026-02-01');
    expect(readPickedDate('2026-02-30')).toBeNull();
    expect(readPickedDate('')).toBeNull();
    expect(longDate('2026-03-15T23:59:00Z')).toBe('Dimanche 15 mars 2026');
  });
});

describe('Arrivée / Départ availability on the teacher screens (spec part 2 point 4)', () => {
  const timetable: Timetable = {
    id: 'tt-1',
    planningImportId: null,
    periodicity: 'week',
    year: 2026,
    weekStartDate: '2026-03-09',
    month: null,
    classId: 'cls-1',
    createdAt: '2026-03-01T00:00:00.000Z',
    slots: [
      {
        dayOfWeek: 1,
        startTime: '08:00',
        endTime: '10:00',
        moduleId: 'mod-1',
        teacherUserId: 'u-1',
        deliveryMode: 'presentiel',
        canceled: false,
      },
    ],
  };
  const item = {
    key: 'tt-1:0:2026-03-09',
    timetableId: 'tt-1',
    slotIndex: 0,
    date: '2026-03-09',
    status: 'not-started',
  } as SlotDisplayItem;
  const timetables = new Map([[timetable.id, timetable]]);
  const checkin: PlanningLog = {
    id: 'l-1',
    timestamp: '2026-03-09T07:55:00.000Z',
    action: 'planning-checkin',
    timetableId: 'tt-1',
    slotIndex: 0,
  };

  it.each([
    ['31 minutes before: nothing yet', [], '2026-03-09T07:29:00Z', false, false],
    ['exactly 30 minutes before: Arrivée', [], '2026-03-09T07:30:00Z', true, false],
    ['in progress: Départ only', [checkin], '2026-03-09T08:30:00Z', false, true],
    // Issue 32: an early check-in stays open until the planned end (not its duration after the check-in).
    ['early check-in, duration elapsed: Départ still', [checkin], '2026-03-09T09:55:00Z', false, true],
    ['planned end reached: finished, nothing', [checkin], '2026-03-09T10:00:00Z', false, false],
    ['another day: nothing', [], '2026-03-10T07:45:00Z', false, false],
  ])('%s', (_label, logs, now, canCheckIn, canCheckOut) => {
    const result = checkAvailability(item, timetables, logs, new Date(now));
    expect([result.canCheckIn, result.canCheckOut]).toEqual([canCheckIn, canCheckOut]);
  });

  it('an unknown timetable allows nothing', () => {
    expect(checkAvailability(item, new Map(), [], new Date('2026-03-09T08:00:00Z'))).toMatchObject({
      canCheckIn: false,
      canCheckOut: false,
    });
  });
});
