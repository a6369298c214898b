import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conflictsOfSlot, findTeacherConflicts } from '../../src/domain/planning/conflicts';
import {
  MONTH_CELL_MAX_SLOTS,
  monthCalendar,
  monthCellContent,
} from '../../src/domain/planning/month-calendar';
import { DELETION_LIST_MAX_NAMES, summarizeNames } from '../../src/domain/planning/name-list';
import { slotOccurrences } from '../../src/domain/planning/occurrences';
import { overlapColumns } from '../../src/domain/planning/overlap-columns';
import {
  planningPeriodOf,
  planningPeriodRange,
  timetableMatchesPeriod,
  timetablesForPeriod,
} from '../../src/domain/planning/period-matching';
import {
  allowedSlotActions,
  hasPlanningActions,
  isSlotVisibleTo,
  PLANNING_ACTIONS_MODULE_ID,
} from '../../src/domain/planning/permissions';
import { cancelSlot, rescheduleSlot, toggleDeliveryMode } from '../../src/domain/planning/slot-operations';
import { isValidTimeInput, validateTimeRange } from '../../src/domain/planning/time-input';
import {
  currentTimeOffsetPx,
  GRID_CLOCK_REFRESH_MS,
  GRID_HEIGHT_PX,
  gridHourMarks,
  gridOffsetPx,
  visibleHours,
} from '../../src/domain/planning/visible-hours';
import { parseClockTime, toIsoDate } from '../../src/domain/time/instant';
import { weekRange } from '../../src/domain/time/period';
import { monthTimetable, slot, weekTimetable } from '../support/builders';

describe('timetables matching a period (spec part 2 point 9)', () => {
  const w1 = weekTimetable('w-2025-03-10', '2025-03-10', []);
  const w2 = weekTimetable('w-2025-03-31', '2025-03-31', []);
  const w3 = weekTimetable('w-2025-02-24', '2025-02-24', []);
  const m3 = monthTimetable('m-2025-03', 2025, 3, []);
  const m3other = monthTimetable('m-2024-03', 2024, 3, []);
  const all = [w1, w2, w3, m3, m3other];

  it.each([
    [{ kind: 'week', weekStartDate: '2025-03-10' }, ['w-2025-03-10']],
    [{ kind: 'week', weekStartDate: '2025-03-17' }, []],
    // A week starting in the previous month shows its days in this month too (as Workload counts them).
    [{ kind: 'month', year: 2025, month: 3 }, ['w-2025-03-10', 'w-2025-03-31', 'w-2025-02-24', 'm-2025-03']],
    [{ kind: 'month', year: 2025, month: 2 }, ['w-2025-02-24']],
    [{ kind: 'month', year: 2025, month: 4 }, ['w-2025-03-31']],
    [{ kind: 'month', year: 2024, month: 3 }, ['m-2024-03']],
  ] as const)('%o', (period, ids) => {
    expect(timetablesForPeriod(all, period).map((t) => t.id)).toEqual(ids);
  });

  it.each([
    ['year of the Monday', 2024, true],
    ['ISO week-year', 2025, true],
    ['another year', 2023, false],
  ])('the week of 2024-12-30 (ISO 2025-W01) stored with the %s', (_label, year, matches) => {
    const t = weekTimetable('w', '2024-12-30', [], { year });
    expect(timetableMatchesPeriod(t, { kind: 'week', weekStartDate: '2024-12-30' })).toBe(matches);
    // the week starting in December shows its days in December's month view and in January's
    expect(timetableMatchesPeriod(t, { kind: 'month', year: 2024, month: 12 })).toBe(true);
    expect(timetableMatchesPeriod(t, { kind: 'month', year: 2025, month: 1 })).toBe(true);
    expect(timetableMatchesPeriod(t, { kind: 'month', year: 2025, month: 2 })).toBe(false);
  });

  it('the period of a reference date and its range', () => {
    expect(planningPeriodOf('week', '2025-01-01T10:00:00Z')).toEqual({
      kind: 'week',
      weekStartDate: '2024-12-30',
    });
    expect(planningPeriodOf('month', '2025-01-01T10:00:00Z')).toEqual({
      kind: 'month',
      year: 2025,
      month: 1,
    });
    const range = planningPeriodRange({ kind: 'week', weekStartDate: '2024-12-30' });
    expect(range && toIsoDate(range.end)).toBe('2025-01-06');
    expect(planningPeriodRange({ kind: 'week', weekStartDate: 'bad' })).toBeNull();
  });
});

describe('visible hours of the weekly grid (spec part 2 point 9)', () => {
  const hhmm = (m: number): string =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const window = (slots: { startTime: string; endTime: string }[]): string => {
    const hours = visibleHours(slots);
    return `${hhmm(hours.startMin)}-${hhmm(hours.endMin)}`;
  };

  it.each([
    ['no slot', [], '08:00-18:00'],
    ['only unreadable times', [{ startTime: 'x', endTime: 'y' }], '08:00-18:00'],
    ['08:00-10:00', [{ startTime: '08:00', endTime: '10:00' }], '07:30-10:30'],
    ['08:15-09:45 rounds outward', [{ startTime: '08:15', endTime: '09:45' }], '07:30-10:30'],
    ['08:29-10:01', [{ startTime: '08:29', endTime: '10:01' }], '07:30-11:00'],
    ['08:30-10:30', [{ startTime: '08:30', endTime: '10:30' }], '08:00-11:00'],
    ['06:30 start pads exactly to the clamp', [{ startTime: '06:30', endTime: '08:00' }], '06:00-08:30'],
    ['06:00 start is clamped', [{ startTime: '06:00', endTime: '08:00' }], '06:00-08:30'],
    // Deviation from the spec's 06:00-22:00 clamp: a course outside it widens the window to show it whole.
    ['05:00 start widens the window to 05:00', [{ startTime: '05:00', endTime: '08:00' }], '05:00-08:30'],
    ['05:59 start widens it to 05:30', [{ startTime: '05:59', endTime: '08:00' }], '05:30-08:30'],
    ['00:10 start widens it to midnight', [{ startTime: '00:10', endTime: '01:00' }], '00:00-01:30'],
    ['21:30 end pads exactly to the clamp', [{ startTime: '20:00', endTime: '21:30' }], '19:30-22:00'],
    ['21:45 end is clamped', [{ startTime: '20:00', endTime: '21:45' }], '19:30-22:00'],
    ['22:00 end pads no further', [{ startTime: '20:00', endTime: '22:00' }], '19:30-22:00'],
    ['22:01 end widens the window to 22:30', [{ startTime: '20:00', endTime: '22:01' }], '19:30-22:30'],
    ['23:00 end widens the window to 23:00', [{ startTime: '20:00', endTime: '23:00' }], '19:30-23:00'],
    ['a slot entirely after 22:00 is shown whole', [{ startTime: '22:30', endTime: '23:00' }], '22:00-23:00'],
    ['an evening course up to 23:59', [{ startTime: '22:46', endTime: '23:59' }], '22:00-24:00'],
    [
      'several slots',
      [
        { startTime: '10:00', endTime: '12:00' },
        { startTime: '7:45', endTime: '9:00' },
        { startTime: '16:00', endTime: '17:10' },
      ],
      '07:00-18:00',
    ],
  ])('%s', (_label, slots, expected) => {
    expect(window(slots)).toBe(expected);
  });

  it('positions in pixels and the current-time line', () => {
    const hours = { startMin: 480, endMin: 1080 };
    expect(GRID_HEIGHT_PX).toBe(640);
    expect(GRID_CLOCK_REFRESH_MS).toBe(60_000);
    expect(gridOffsetPx(480, hours)).toBe(0);
    expect(gridOffsetPx(780, hours)).toBe(320);
    expect(gridOffsetPx(2000, hours)).toBe(640);
    expect(currentTimeOffsetPx('2025-03-10T13:00:00Z', hours)).toBe(320);
    expect(currentTimeOffsetPx('2025-03-10T07:59:00Z', hours)).toBeNull();
    expect(currentTimeOffsetPx('2025-03-10T18:00:00Z', hours)).toBe(640);
    expect(gridHourMarks({ startMin: 480, endMin: 600 })).toEqual([480, 510, 540, 570, 600]);
  });
});

describe('overlap columns (spec part 2 point 9)', () => {
  it.each([
    [
      'no overlap',
      [
        ['08:00', '10:00'],
        ['10:00', '12:00'],
      ],
      [
        [0, 1],
        [0, 1],
      ],
    ],
    [
      'two overlapping',
      [
        ['08:00', '10:00'],
        ['09:00', '11:00'],
      ],
      [
        [0, 2],
        [1, 2],
      ],
    ],
    [
      'identical times',
      [
        ['08:00', '10:00'],
        ['08:00', '10:00'],
        ['08:00', '10:00'],
      ],
      [
        [0, 3],
        [1, 3],
        [2, 3],
      ],
    ],
    [
      'a chain reuses a freed column',
      [
        ['08:00', '10:00'],
        ['09:00', '11:00'],
        ['10:00', '12:00'],
      ],
      [
        [0, 2],
        [1, 2],
        [0, 2],
      ],
    ],
    [
      'input order is kept in the result',
      [
        ['09:00', '11:00'],
        ['08:00', '10:00'],
        ['13:00', '14:00'],
      ],
      [
        [1, 2],
        [0, 2],
        [0, 1],
      ],
    ],
    [
      'unreadable slot stands alone',
      [
        ['x', '10:00'],
        ['08:00', '10:00'],
      ],
      [
        [0, 1],
        [0, 1],
      ],
    ],
  ])('%s', (_label, ranges, expected) => {
    const result = overlapColumns(ranges.map(([startTime = '', endTime = '']) => ({ startTime, endTime })));
    expect(result.map((r) => [r.column, r.columnCount])).toEqual(expected);
  });

  const timeArb = fc
    .tuple(fc.integer({ min: 0, max: 22 * 60 }), fc.integer({ min: 1, max: 240 }))
    .map(([start, length]) => {
      const end = Math.min(start + length, 23 * 60 + 59);
      const fmt = (m: number): string => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
      return { startTime: fmt(start), endTime: fmt(end) };
    });

  it('never puts two overlapping slots in the same column, and columns fit their count', () => {
    fc.assert(
      fc.property(fc.array(timeArb, { maxLength: 12 }), (slots) => {
        const columns = overlapColumns(slots);
        slots.forEach((a, i) => {
          const ca = columns[i]!;
          expect(ca.column).toBeLessThan(ca.columnCount);
          slots.forEach((b, j) => {
            if (i >= j) return;
            const cb = columns[j]!;
            const overlap =
              parseClockTime(a.startTime)! < parseClockTime(b.endTime)! &&
              parseClockTime(b.startTime)! < parseClockTime(a.endTime)!;
            if (overlap) {
              expect(ca.column).not.toBe(cb.column);
              expect(ca.columnCount).toBe(cb.columnCount);
            }
          });
        });
      }),
    );
  });
});

describe('month calendar (spec part 2 point 2 and 9)', () => {
  it('covers the month with Monday-first weeks', () => {
    const weeks = monthCalendar(2025, 3, []);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]?.date).toBe('2025-02-24');
    expect(weeks[0]?.[5]).toMatchObject({ date: '2025-03-01', isInMonth: true });
    expect(weeks[0]?.[4]?.isInMonth).toBe(false);
    expect(weeks[5]?.[6]?.date).toBe('2025-04-06');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it.each([
    [2021, 2, 4, '2021-02-01'],
    [2026, 2, 5, '2026-01-26'],
    [2024, 9, 6, '2024-08-26'],
    [2025, 9, 5, '2025-09-01'],
  ])('%i-%i needs %i weeks from %s', (year, month, count, first) => {
    const weeks = monthCalendar(year, month, []);
    expect(weeks).toHaveLength(count);
    expect(weeks[0]?.[0]?.date).toBe(first);
  });

  it.each([
    [0, 0, 0],
    [3, 3, 0],
    [4, 4, 0],
    [5, 4, 1],
    [9, 4, 5],
  ])('%i slots in a day: %i shown, +%i', (count, shown, more) => {
    const items = Array.from({ length: count }, (_, i) => ({ date: '2025-03-12', n: i }));
    const cell = monthCalendar(2025, 3, items)
      .flat()
      .find((c) => c.date === '2025-03-12');
    expect(cell?.visible.map((i) => i.n)).toEqual(items.slice(0, shown).map((i) => i.n));
    expect(cell?.moreCount).toBe(more);
    expect(monthCellContent(items).moreCount).toBe(more);
  });

  it('uses MONTH_CELL_MAX_SLOTS = 4', () => {
    expect(MONTH_CELL_MAX_SLOTS).toBe(4);
  });
});

describe('slot occurrences', () => {
  it('expands month timetables per weekday and skips canceled slots unless asked', () => {
    const t = monthTimetable('m', 2025, 3, [slot({ dayOfWeek: 1 }), slot({ dayOfWeek: 2, canceled: true })]);
    const range = weekRange('2025-03-10');
    expect(slotOccurrences([t], range).map((o) => [o.date, o.slotIndex])).toEqual([['2025-03-10', 0]]);
    expect(slotOccurrences([t], range, { includeCanceled: true }).map((o) => o.date)).toEqual([
      '2025-03-10',
      '2025-03-11',
    ]);
  });
});

describe('teacher conflicts (spec part 2 point 5)', () => {
  it.each([
    ['touching end to start', '10:00', '12:00', false],
    ['one minute overlap', '09:59', '12:00', true],
    ['inside', '08:30', '09:00', true],
    ['same times', '08:00', '10:00', true],
    ['ending exactly at the other start', '07:00', '08:00', false],
    ['ending one minute after the other start', '07:00', '08:01', true],
  ])('%s', (_label, startTime, endTime, conflicts) => {
    const t = weekTimetable('w', '2025-03-10', [slot(), slot({ startTime, endTime, moduleId: 'mod-fr' })]);
    expect(findTeacherConflicts([t])).toHaveLength(conflicts ? 1 : 0);
  });

  it('ignores canceled slots, other teachers and other days', () => {
    const t = weekTimetable('w', '2025-03-10', [
      slot(),
      slot({ canceled: true }),
      slot({ teacherUserId: 'teacher-b' }),
      slot({ dayOfWeek: 2 }),
      slot({ teacherUserId: '' }),
      slot({ teacherUserId: '' }),
    ]);
    expect(findTeacherConflicts([t])).toEqual([]);
  });

  it('compares actual dates across week and month timetables and classes', () => {
    const week = weekTimetable('w-10', '2025-03-10', [slot()]);
    const otherWeek = weekTimetable('w-17', '2025-03-17', [slot()], { classId: 'class-2' });
    const month = monthTimetable('m-03', 2025, 3, [slot({ startTime: '09:00', endTime: '11:00' })], {
      classId: 'class-3',
    });
    const april = monthTimetable('m-04', 2025, 4, [slot()], { classId: 'class-4' });
    const conflicts = findTeacherConflicts([week, otherWeek, month, april]);
    expect(conflicts).toEqual([
      {
        teacherUserId: 'teacher-a',
        a: { timetableId: 'm-03', slotIndex: 0 },
        b: { timetableId: 'w-10', slotIndex: 0 },
        dates: ['2025-03-10'],
      },
      {
        teacherUserId: 'teacher-a',
        a: { timetableId: 'm-03', slotIndex: 0 },
        b: { timetableId: 'w-17', slotIndex: 0 },
        dates: ['2025-03-17'],
      },
    ]);
  });

  it('two month timetables of the same month conflict on every shared weekday', () => {
    const a = monthTimetable('m-a', 2025, 3, [slot()]);
    const b = monthTimetable('m-b', 2025, 3, [slot()], { classId: 'class-2' });
    const [conflict] = findTeacherConflicts([a, b]);
    expect(conflict?.dates).toEqual(['2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31']);
    expect(conflictsOfSlot([a, b], { timetableId: 'm-b', slotIndex: 0 })).toHaveLength(1);
    expect(conflictsOfSlot([a, b], { timetableId: 'm-b', slotIndex: 1 })).toHaveLength(0);
  });
});

describe('management dialog time validation (spec part 2 point 5)', () => {
  it.each([
    ['8:00', true],
    ['08:00', true],
    ['23:59', true],
    ['8', false],
    ['8:0', false],
    ['008:00', false],
    ['8h00', false],
    ['24:00', false],
    ['', false],
  ])('%s valid=%s', (text, valid) => {
    expect(isValidTimeInput(text)).toBe(valid);
  });

  it.each([
    ['8:00', '9:30', { ok: true, value: { startTime: '08:00', endTime: '09:30' } }],
    ['8:00', '8:01', { ok: true, value: { startTime: '08:00', endTime: '08:01' } }],
    ['8:00', '8:00', { ok: false, code: 'end-not-after-start' }],
    ['9:00', '8:00', { ok: false, code: 'end-not-after-start' }],
    ['9h', '10:00', { ok: false, code: 'invalid-start-time' }],
    ['9:00', '10', { ok: false, code: 'invalid-end-time' }],
  ])('%s-%s', (start, end, result) => {
    expect(validateTimeRange(start, end)).toEqual(result);
  });
});

describe('slot operations write the timetable and its log (spec part 2 point 4)', () => {
  const timetable = weekTimetable('w', '2025-03-10', [
    slot(),
    slot({ dayOfWeek: 2, deliveryMode: 'en-ligne' }),
  ]);
  const base = {
    timetable,
    actor: { userId: 'admin-1', userName: 'Admin' },
    now: '2025-03-09T12:00:00Z',
    logId: 'log-1',
  };

  it('cancel', () => {
    const result = cancelSlot({ ...base, slotIndex: 0 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.timetable.slots[0]?.canceled).toBe(true);
    expect(result.value.timetable.slots[1]).toBe(timetable.slots[1]);
    expect(timetable.slots[0]?.canceled).toBe(false);
    expect(result.value.log).toMatchObject({
      id: 'log-1',
      action: 'planning-cancel',
      timestamp: '2025-03-09T12:00:00.000Z',
      actorUserId: 'admin-1',
      actorUserName: 'Admin',
      timetableId: 'w',
      classId: 'class-1',
      moduleId: 'mod-math',
      teacherUserId: 'teacher-a',
      slotIndex: 0,
      before: { dayOfWeek: 1, startTime: '08:00', endTime: '10:00' },
    });
    const again = cancelSlot({ ...base, timetable: result.value.timetable, slotIndex: 0 });
    expect(again).toEqual({ ok: false, code: 'already-canceled' });
  });

  it('reschedule sets day and times and clears canceled', () => {
    const canceled = cancelSlot({ ...base, slotIndex: 0 });
    if (!canceled.ok) throw new Error('setup');
    const result = rescheduleSlot({
      ...base,
      timetable: canceled.value.timetable,
      slotIndex: 0,
      dayOfWeek: 4,
      startTime: '14:00',
      endTime: '16:30',
    });
    expect(result.ok && result.value.slot).toMatchObject({
      dayOfWeek: 4,
      startTime: '14:00',
      endTime: '16:30',
      canceled: false,
    });
    expect(result.ok && result.value.log).toMatchObject({
      action: 'planning-reschedule',
      before: { dayOfWeek: 1, startTime: '08:00', endTime: '10:00' },
      after: { dayOfWeek: 4, startTime: '14:00', endTime: '16:30' },
    });
  });

  it.each([
    [0, '14:00', '16:00', 'invalid-day'],
    [8, '14:00', '16:00', 'invalid-day'],
    [3, '14h', '16:00', 'invalid-start-time'],
    [3, '16:00', '14:00', 'end-not-after-start'],
  ])('reschedule refuses day %i %s-%s with %s', (dayOfWeek, startTime, endTime, code) => {
    expect(rescheduleSlot({ ...base, slotIndex: 0, dayOfWeek, startTime, endTime })).toEqual({
      ok: false,
      code,
    });
  });

  it.each([
    [0, 'presentiel', 'en-ligne'],
    [1, 'en-ligne', 'presentiel'],
  ] as const)('change mode of slot %i: %s -> %s', (slotIndex, before, after) => {
    const result = toggleDeliveryMode({ ...base, slotIndex });
    expect(result.ok && result.value.slot.deliveryMode).toBe(after);
    expect(result.ok && result.value.log).toMatchObject({
      action: 'planning-change-mode',
      modeBefore: before,
      modeAfter: after,
    });
  });

  it('an unknown slot index is refused', () => {
    expect(cancelSlot({ ...base, slotIndex: 5 })).toEqual({ ok: false, code: 'slot-not-found' });
    expect(toggleDeliveryMode({ ...base, slotIndex: -1 })).toEqual({ ok: false, code: 'slot-not-found' });
  });
});

describe('slot permissions (spec part 2 point 6)', () => {
  const own = slot({ teacherUserId: 'me' });
  const ownCanceled = slot({ teacherUserId: 'me', canceled: true });
  const other = slot({ teacherUserId: 'someone' });
  const teacher = { currentUserId: 'me', hasPlanningActions: false };
  const admin = { currentUserId: 'admin', hasPlanningActions: true };

  it.each([
    ['own slot', own, teacher, true, ['checkin', 'checkout']],
    ['own canceled slot', ownCanceled, teacher, false, []],
    ["another teacher's slot", other, teacher, false, []],
    ['admin on any slot', other, admin, true, ['reschedule', 'cancel', 'change-mode', 'checkin', 'checkout']],
    [
      'admin on a canceled slot',
      ownCanceled,
      admin,
      true,
      ['reschedule', 'cancel', 'change-mode', 'checkin', 'checkout'],
    ],
    ['nobody signed in', own, { currentUserId: null, hasPlanningActions: false }, false, []],
  ])('%s', (_label, s, viewer, visible, actions) => {
    expect(isSlotVisibleTo(s, viewer)).toBe(visible);
    expect(allowedSlotActions(s, viewer)).toEqual(actions);
  });

  it('the actions module id', () => {
    expect(hasPlanningActions(['planning', PLANNING_ACTIONS_MODULE_ID])).toBe(true);
    expect(hasPlanningActions(new Set(['planning', 'planning.consulter']))).toBe(false);
  });
});

describe('deletion lists (spec part 2 point 9)', () => {
  it.each([
    [0, 0, 0],
    [5, 5, 0],
    [6, 5, 1],
    [12, 5, 7],
  ])('%i names: %i shown, + %i autres', (count, shown, more) => {
    const names = Array.from({ length: count }, (_, i) => `n${i}`);
    expect(summarizeNames(names)).toEqual({ shown: names.slice(0, shown), moreCount: more });
    expect(DELETION_LIST_MAX_NAMES).toBe(5);
  });
});
