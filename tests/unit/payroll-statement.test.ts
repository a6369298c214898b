import { describe, expect, it } from 'vitest';
import {
  amountOf,
  buildStatement,
  buildStatements,
  closingAdjustments,
  contractRate,
  type StatementInput,
} from '../../src/domain/payroll/statement';
import type { Contract } from '../../src/domain/store/schema';
import { monthRangeOf } from '../../src/domain/time/period';
import { courseSlot, planningLog, teacherCheck, weekTimetable } from '../support/builders';

// November 2026; Monday 16 and Tuesday 17 hold a course of teacher-a each (08:00-10:00, 14:00-15:00).
const NOVEMBER = monthRangeOf(2026, 11);
const timetable = weekTimetable('tt-1', '2026-11-16', [
  courseSlot(1, '08:00', '10:00', 'mod-math', 'teacher-a'),
  courseSlot(2, '14:00', '15:00', 'mod-math', 'teacher-a'),
]);
const check = (id: string, action: 'in' | 'out', at: string, slotIndex = 0) =>
  teacherCheck(id, action, at, 'tt-1', slotIndex, 'class-1', 'mod-math', 'teacher-a');

function contract(overrides: Partial<Contract> & Record<string, unknown> = {}): Contract {
  return {
    id: 'c-1',
    teacherUserId: 'teacher-a',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    createdAt: '2026-10-01T00:00:00.000Z',
    entries: [{ id: 'e-1', classId: 'class-1', moduleId: 'mod-math', volumeCapMin: 0 }],
    ...overrides,
  };
}

function input(overrides: Partial<StatementInput> = {}): StatementInput & { teacherUserId: string } {
  return {
    teacherUserId: 'teacher-a',
    timetables: [timetable],
    logs: [],
    contracts: [contract({ hourlyRate: 6000 })],
    range: NOVEMBER,
    now: '2026-12-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('payroll statement: held, absent, to come', () => {
  it.each([
    // now, Monday's state, its gap: a course is compared only once its planned end is reached
    ['2026-11-16T09:59:59.999Z', 'upcoming', null],
    ['2026-11-16T10:00:00.000Z', 'absent', -120],
    ['2026-11-16T10:00:00.001Z', 'absent', -120],
  ] as const)('at %s, a course nobody checked into is %s (gap %s)', (now, state, gap) => {
    const statement = buildStatement(input({ now }));
    const monday = statement.lines[0];
    expect(monday).toMatchObject({ date: '2026-11-16', state, gapMin: gap, paidMin: 0, plannedMin: 120 });
    // Tuesday has not ended in any of these: planned, listed apart, never a negative gap.
    expect(statement.lines[1]).toMatchObject({ state: 'upcoming', gapMin: null });
    expect(statement.totals.plannedMin).toBe(180);
    expect(statement.totals.plannedUpcomingMin).toBe(state === 'upcoming' ? 180 : 60);
    expect(statement.totals.gapMin).toBe(gap ?? 0);
    expect(statement.totals.absences).toBe(state === 'absent' ? 1 : 0);
  });

  it('exported mid-week, the courses still to come give no negative gap (issue 32 point 8)', () => {
    const logs = [
      check('in-1', 'in', '2026-11-16T08:00:00.000Z'),
      check('out-1', 'out', '2026-11-16T10:00:00.000Z'),
    ];
    const { totals } = buildStatement(input({ logs, now: '2026-11-16T12:00:00.000Z' }));
    expect(totals).toMatchObject({ plannedHeldMin: 120, paidMin: 120, gapMin: 0, upcoming: 1 });
  });

  it.each([
    // check-in, check-out, minutes paid: time counts from max(check-in, start) to min(check-out, end)
    ['07:59', '10:00', 120],
    ['08:00', '10:00', 120],
    ['08:01', '10:00', 119],
    ['08:00', '09:59', 119],
    ['08:00', '10:30', 120],
  ])('checked in at %s and out at %s: %i minutes', (inAt, outAt, paid) => {
    const logs = [
      check('in-1', 'in', `2026-11-16T${inAt}:00.000Z`),
      check('out-1', 'out', `2026-11-16T${outAt}:00.000Z`),
    ];
    const line = buildStatement(input({ logs })).lines[0];
    expect(line).toMatchObject({ state: 'held', doneMin: paid, correctedMin: paid, paidMin: paid });
    expect(line?.gapMin).toBe(paid - 120);
    expect(line?.amount).toBe(Math.round((paid * 6000) / 60));
  });
});

describe('payroll statement: corrected, to review, adjusted', () => {
  it('a reviewer correction changes the corrected and paid time, not the time as recorded', () => {
    const logs = [
      check('in-1', 'in', '2026-11-16T08:30:00.000Z'),
      check('out-1', 'out', '2026-11-16T10:00:00.000Z'),
      planningLog('corr-1', 'planning-correction', '2026-11-20T09:00:00.000Z', {
        correctsLogId: 'in-1',
        correctedTimestamp: '2026-11-16T08:00:00.000Z',
        actorUserId: 'admin',
        note: 'badge oublié',
      }),
    ];
    const line = buildStatement(input({ logs })).lines[0];
    expect(line).toMatchObject({ doneMin: 90, correctedMin: 120, paidMin: 120, corrected: true });
  });

  it('a check-out received late is « À vérifier »: counted apart, not paid', () => {
    const logs = [
      check('in-1', 'in', '2026-11-16T08:00:00.000Z'),
      { ...check('out-1', 'out', '2026-11-16T10:00:00.000Z'), reviewFlags: ['late-receipt'] },
    ];
    const line = buildStatement(input({ logs })).lines[0];
    expect(line).toMatchObject({ doneMin: 120, correctedMin: 0, reviewMin: 120, paidMin: 0, amount: 0 });
    expect(line?.state).toBe('held');
  });

  it.each([
    // adjustment date: only those dated inside the period count
    ['2026-10-31', 0],
    ['2026-11-01', 30],
    ['2026-11-30', 30],
    ['2026-12-01', 0],
  ])('an adjustment dated %s adds %i minutes', (date, minutes) => {
    const adjustments = [
      {
        id: 'adj-1',
        date,
        teacherUserId: 'teacher-a',
        moduleId: 'mod-math',
        classId: 'class-1',
        minutes: 30,
        courseDate: '2026-10-26',
        note: 'correction après clôture',
      },
    ];
    const { totals, lines } = buildStatement(input({ adjustments }));
    expect(totals.adjustedMin).toBe(minutes);
    expect(totals.paidMin).toBe(minutes);
    expect(lines.filter((l) => l.state === 'adjustment')).toHaveLength(minutes ? 1 : 0);
    expect(totals.amount).toBe(minutes ? 3000 : 0);
  });
});

describe('payroll statement: rates and amounts', () => {
  it.each([
    // contract dates, line rate, contract rate, session date: rate found
    [{ startDate: '2026-11-16', endDate: '2026-11-16' }, undefined, 6000, '2026-11-16', 6000],
    [{ startDate: '2026-11-01', endDate: '2026-11-15' }, undefined, 6000, '2026-11-16', null],
    [{ startDate: '2026-11-17', endDate: '2026-11-30' }, undefined, 6000, '2026-11-16', null],
    [{}, 7500, 6000, '2026-11-16', 7500],
    [{}, undefined, undefined, '2026-11-16', null],
    [{}, -1, 5000, '2026-11-16', 5000],
  ] as const)('contract %o, line %s, contract %s on %s: %s', (dates, lineRate, ownRate, date, rate) => {
    const c = contract({
      ...dates,
      hourlyRate: ownRate,
      entries: [
        { id: 'e-1', classId: 'class-1', moduleId: 'mod-math', volumeCapMin: 0, hourlyRate: lineRate },
      ],
    });
    expect(contractRate([c], 'teacher-a', 'class-1', 'mod-math', date)).toBe(rate);
  });

  it('the latest created contract in force wins over an older overlapping one', () => {
    const older = contract({ id: 'old', hourlyRate: 5000 });
    const newer = contract({ id: 'new', hourlyRate: 6500, createdAt: '2026-11-10T00:00:00.000Z' });
    expect(contractRate([older, newer], 'teacher-a', 'class-1', 'mod-math', '2026-11-16')).toBe(6500);
  });

  it.each([
    [50, 5000, 4167],
    [60, 5000, 5000],
    [1, 5000, 83],
    [0, 5000, 0],
    [90, null, null],
  ])('%i minutes at %s per hour: %s', (minutes, rate, amount) => {
    expect(amountOf(minutes, rate)).toBe(amount);
  });

  it('totals are the sums of the lines; paid time without a rate is flagged', () => {
    const logs = [
      check('in-1', 'in', '2026-11-16T08:00:00.000Z'),
      check('out-1', 'out', '2026-11-16T09:50:00.000Z'),
      check('in-2', 'in', '2026-11-17T14:00:00.000Z', 1),
      check('out-2', 'out', '2026-11-17T15:00:00.000Z', 1),
    ];
    const statement = buildStatement(input({ logs, contracts: [contract({ hourlyRate: 5000 })] }));
    expect(statement.lines.map((l) => l.amount)).toEqual([9167, 5000]);
    expect(statement.totals).toMatchObject({ paidMin: 170, amount: 14167, missingRate: false, held: 2 });
    expect(statement.groups).toEqual([
      expect.objectContaining({ moduleId: 'mod-math', classId: 'class-1', rate: 5000, amount: 14167 }),
    ]);
    const none = buildStatement(input({ logs, contracts: [] }));
    expect(none.totals).toMatchObject({ paidMin: 170, amount: 0, missingRate: true });
  });

  it('one statement per teacher, each with only her lines', () => {
    const tt = weekTimetable('tt-1', '2026-11-16', [
      courseSlot(1, '08:00', '10:00', 'mod-math', 'teacher-a'),
      courseSlot(1, '10:00', '11:00', 'mod-math', 'teacher-b'),
    ]);
    const statements = buildStatements(input({ timetables: [tt] }));
    expect(statements.map((s) => [s.teacherUserId, s.lines.length, s.totals.absences])).toEqual([
      ['teacher-a', 1, 1],
      ['teacher-b', 1, 1],
    ]);
    expect(buildStatement({ ...input({ timetables: [tt] }), teacherUserId: 'nobody' }).lines).toEqual([]);
  });
});

describe('payroll statement: adjustments of a closed month', () => {
  // October's Monday 26 course checked in at 08:30; corrected to 08:00 on 5 November, after October was closed.
  const october = weekTimetable('tt-oct', '2026-10-26', [
    courseSlot(1, '08:00', '10:00', 'mod-math', 'teacher-a'),
  ]);
  const oct = (id: string, action: 'in' | 'out', at: string) =>
    teacherCheck(id, action, at, 'tt-oct', 0, 'class-1', 'mod-math', 'teacher-a');
  const logs = [
    oct('o-in', 'in', '2026-10-26T08:30:00.000Z'),
    oct('o-out', 'out', '2026-10-26T10:00:00.000Z'),
    planningLog('late', 'planning-correction', '2026-11-05T09:00:00.000Z', {
      timetableId: 'tt-oct',
      correctsLogId: 'o-in',
      correctedTimestamp: '2026-10-26T08:00:00.000Z',
      actorUserId: 'admin',
      note: 'badge oublié',
      receivedAt: '2026-11-05T09:00:00.000Z',
      adjustmentMonth: '2026-11',
    }),
  ];

  it('never changes the closed month; the next month gets a dated line of the difference', () => {
    const closed = buildStatement(input({ timetables: [october], logs, range: monthRangeOf(2026, 10) }));
    expect(closed.totals).toMatchObject({ paidMin: 90, adjustedMin: 0 });
    const adjustments = closingAdjustments({
      logs,
      timetables: [october],
      range: NOVEMBER,
      now: '2026-12-01T00:00:00.000Z',
    });
    expect(adjustments).toEqual([
      expect.objectContaining({
        date: '2026-11-05',
        minutes: 30,
        courseDate: '2026-10-26',
        note: 'badge oublié',
      }),
    ]);
    const next = buildStatement(input({ adjustments }));
    expect(next.totals).toMatchObject({ adjustedMin: 30, paidMin: 30, amount: 3000 });
    expect(next.lines.find((l) => l.state === 'adjustment')).toMatchObject({
      date: '2026-11-05',
      rate: 6000,
    });
  });
});
