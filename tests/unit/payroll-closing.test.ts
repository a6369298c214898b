import { describe, expect, it } from 'vitest';
import {
  adjustmentMonth,
  closeProblem,
  closedRecord,
  closureCovering,
  closureId,
  isMonthClosed,
  isMonthOver,
  monthKeyOf,
  monthOf,
  monthRangeMs,
  nextMonthKey,
  previousMonthKey,
  reopenedRecord,
  reopenProblem,
  slotDates,
  timetableMonths,
  timetableWriteDates,
} from '../../src/domain/payroll/closing';
import { closure } from '../support/builders';

describe('month keys', () => {
  it.each([
    ['2026-05', '2026-06', '2026-04'],
    ['2026-12', '2027-01', '2026-11'],
    ['2026-01', '2026-02', '2025-12'],
    ['2026-13', '', ''],
  ])('%s: next %s, previous %s', (month, next, previous) => {
    expect(nextMonthKey(month)).toBe(next);
    expect(previousMonthKey(month)).toBe(previous);
  });

  it.each([
    // The last instant of a month (UTC, the organisation's zone) and the first of the next.
    ['2026-05-31T23:59:59.999Z', 'UTC', '2026-05'],
    ['2026-06-01T00:00:00.000Z', 'UTC', '2026-06'],
    ['2026-12-31T23:59:59.999Z', 'UTC', '2026-12'],
    ['2027-01-01T00:00:00.000Z', 'UTC', '2027-01'],
    // In a zone ahead of UTC, 22:30 UTC on the 31st is already the 1st.
    ['2026-05-31T21:59:59.999Z', 'Europe/Paris', '2026-05'],
    ['2026-05-31T22:00:00.000Z', 'Europe/Paris', '2026-06'],
    // Behind UTC, 02:00 UTC on the 1st is still the previous month.
    ['2026-06-01T03:59:59.999Z', 'America/New_York', '2026-05'],
    ['2026-06-01T04:00:00.000Z', 'America/New_York', '2026-06'],
    ['not a time', 'UTC', null],
  ])('%s in %s is in %s', (instant, zone, month) => {
    expect(monthKeyOf(instant, zone)).toBe(month);
  });

  it('reads a month, a calendar date and an instant', () => {
    expect(monthOf('2026-05')).toBe('2026-05');
    expect(monthOf('2026-05-31')).toBe('2026-05');
    expect(monthOf('2026-05-31T23:59:59.999Z')).toBe('2026-05');
    expect(monthOf(Date.parse('2026-06-01T00:00:00.000Z'))).toBe('2026-06');
    expect(monthOf(new Date('2026-06-01T00:00:00.000Z'))).toBe('2026-06');
  });

  it.each([
    ['2026-05', 'UTC', '2026-05-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'],
    ['2026-12', 'UTC', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    // Paris: summer time in May (UTC+2); March's end changes offset inside the month.
    ['2026-05', 'Europe/Paris', '2026-04-30T22:00:00.000Z', '2026-05-31T22:00:00.000Z'],
    ['2026-03', 'Europe/Paris', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    ['2026-06', 'Africa/Dakar', '2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
  ])('%s in %s runs from %s to %s', (month, zone, start, end) => {
    expect(monthRangeMs(month, zone)).toEqual({ startMs: Date.parse(start), endMs: Date.parse(end) });
  });

  it.each([
    ['2026-05-31T23:59:59.999Z', 'UTC', false],
    ['2026-06-01T00:00:00.000Z', 'UTC', true],
    ['2026-05-31T21:59:59.999Z', 'Europe/Paris', false],
    ['2026-05-31T22:00:00.000Z', 'Europe/Paris', true],
  ])('May is over at %s in %s: %s', (now, zone, over) => {
    expect(isMonthOver('2026-05', now, zone)).toBe(over);
  });
});

describe('isMonthClosed', () => {
  const closures = [
    closure('2026-04'),
    closure('2026-05', 'inst-a'),
    closure('2026-03', null, { status: 'reopened' }),
  ];
  it.each([
    // organisation closure: every institute, and classes without one
    ['inst-a', '2026-04-30T23:59:59.999Z', true],
    ['inst-b', '2026-04-15', true],
    [null, '2026-04', true],
    ['inst-a', '2026-05-01T00:00:00.000Z', true],
    // first instant after the organisation's April
    ['inst-b', '2026-05-01T00:00:00.000Z', false],
    // institute closure: only its own classes
    ['inst-a', '2026-05-31T23:59:59.999Z', true],
    ['inst-a', '2026-06-01T00:00:00.000Z', false],
    ['inst-b', '2026-05-20', false],
    [null, '2026-05-20', false],
    [undefined, '2026-05', false],
    // a reopened month is open
    ['inst-a', '2026-03-10', false],
    ['inst-a', 'garbage', false],
  ])('institute %s at %s: %s', (instituteId, at, closed) => {
    expect(isMonthClosed(closures, instituteId, at)).toBe(closed);
  });

  it('uses the zone for instants', () => {
    // 23:30 UTC on 30 April is 1 May in Paris: not in the closed April there.
    expect(isMonthClosed([closure('2026-04')], null, '2026-04-30T23:30:00.000Z', 'UTC')).toBe(true);
    expect(isMonthClosed([closure('2026-04')], null, '2026-04-30T23:30:00.000Z', 'Europe/Paris')).toBe(false);
  });

  it('prefers the organisation closure over an institute one', () => {
    const both = [closure('2026-04', 'inst-a'), closure('2026-04')];
    expect(closureCovering(both, 'inst-a', '2026-04')?.instituteId).toBeNull();
  });
});

describe('adjustmentMonth', () => {
  it.each([
    ['open month: corrected in place', [closure('2026-04')], 'inst-a', '2026-05-02T08:00:00.000Z', null],
    ['closed: the next month', [closure('2026-04')], 'inst-a', '2026-04-30T23:59:59.999Z', '2026-05'],
    [
      'two closed in a row',
      [closure('2026-04'), closure('2026-05', 'inst-a')],
      'inst-a',
      '2026-04-10',
      '2026-06',
    ],
    [
      'other institute not skipped',
      [closure('2026-04'), closure('2026-05', 'inst-b')],
      'inst-a',
      '2026-04-10',
      '2026-05',
    ],
    ['year end', [closure('2026-12')], null, '2026-12-31T23:59:59.999Z', '2027-01'],
    [
      'reopened next month is open',
      [closure('2026-04'), closure('2026-05', null, { status: 'reopened' })],
      null,
      '2026-04-01',
      '2026-05',
    ],
    ['unreadable', [closure('2026-04')], null, 'x', null],
  ] as const)('%s', (_name, closures, instituteId, at, expected) => {
    expect(adjustmentMonth(closures, instituteId, at)).toBe(expected);
  });
});

describe('closeProblem / reopenProblem', () => {
  const base = {
    closures: [closure('2026-03'), closure('2026-04', 'inst-a')],
    isFullAdministrator: true,
    instituteIds: ['inst-a', 'inst-b'],
  };
  it.each([
    [
      'not an administrator',
      { month: '2026-04', instituteId: null, now: '2026-06-01T00:00:00.000Z', isFullAdministrator: false },
      'not-administrator',
    ],
    [
      'last instant of the month',
      { month: '2026-05', instituteId: null, now: '2026-05-31T23:59:59.999Z' },
      'month-not-over',
    ],
    ['first instant after', { month: '2026-05', instituteId: null, now: '2026-06-01T00:00:00.000Z' }, null],
    [
      'already closed (organisation)',
      { month: '2026-03', instituteId: 'inst-b', now: '2026-06-01T00:00:00.000Z' },
      'already-closed',
    ],
    [
      'already closed (institute)',
      { month: '2026-04', instituteId: 'inst-a', now: '2026-06-01T00:00:00.000Z' },
      'already-closed',
    ],
    [
      'organisation over one institute',
      { month: '2026-04', instituteId: null, now: '2026-06-01T00:00:00.000Z' },
      null,
    ],
    ['other institute', { month: '2026-04', instituteId: 'inst-b', now: '2026-06-01T00:00:00.000Z' }, null],
    [
      'unknown institute',
      { month: '2026-04', instituteId: 'inst-z', now: '2026-06-01T00:00:00.000Z' },
      'unknown-institute',
    ],
    [
      'invalid month',
      { month: '2026-13', instituteId: null, now: '2026-06-01T00:00:00.000Z' },
      'invalid-month',
    ],
  ] as const)('close: %s', (_name, input, expected) => {
    expect(closeProblem({ ...base, ...input })).toBe(expected);
  });

  it.each([
    [{ closure: closure('2026-03'), isFullAdministrator: false, reason: 'erreur' }, 'not-administrator'],
    [
      {
        closure: closure('2026-03', null, { status: 'reopened' }),
        isFullAdministrator: true,
        reason: 'erreur',
      },
      'not-closed',
    ],
    [{ closure: null, isFullAdministrator: true, reason: 'erreur' }, 'not-closed'],
    [{ closure: closure('2026-03'), isFullAdministrator: true, reason: '   ' }, 'reason-required'],
    [{ closure: closure('2026-03'), isFullAdministrator: true, reason: 'x'.repeat(501) }, 'reason-required'],
    [{ closure: closure('2026-03'), isFullAdministrator: true, reason: 'x'.repeat(500) }, null],
  ] as const)('reopen %#', (input, expected) => {
    expect(reopenProblem(input)).toBe(expected);
  });

  it('keeps the whole history across close, reopen, close', () => {
    const first = closedRecord({
      month: '2026-04',
      instituteId: 'inst-a',
      at: '2026-05-02T10:00:00.000Z',
      byUserId: 'u1',
      byUserName: 'Awa',
    });
    expect(first.id).toBe(closureId('2026-04', 'inst-a'));
    const reopened = reopenedRecord(first, {
      at: '2026-05-03T10:00:00.000Z',
      byUserId: 'u2',
      byUserName: 'Binta',
      reason: ' oubli ',
    });
    expect(reopened.status).toBe('reopened');
    expect(reopened.reopenReason).toBe('oubli');
    const again = closedRecord({
      previous: reopened,
      month: '2026-04',
      instituteId: 'inst-a',
      at: '2026-05-04T10:00:00.000Z',
      byUserId: 'u1',
      byUserName: 'Awa',
    });
    expect(again.status).toBe('closed');
    expect(again.history.map((e) => `${e.action}:${e.byUserId}`)).toEqual([
      'close:u1',
      'reopen:u2',
      'close:u1',
    ]);
    expect(closureId('2026-04', null)).toBe('closure-2026-04-org');
  });
});

describe('timetable dates', () => {
  const week = { periodicity: 'week' as const, year: 2026, weekStartDate: '2026-04-27' };
  const month = { periodicity: 'month' as const, year: 2026, month: 5 };

  it('dates a weekly slot once and a monthly slot on each weekday of the month', () => {
    expect(slotDates(week, 1)).toEqual(['2026-04-27']);
    expect(slotDates(week, 5)).toEqual(['2026-05-01']);
    expect(slotDates(month, 5)).toEqual([
      '2026-05-01',
      '2026-05-08',
      '2026-05-15',
      '2026-05-22',
      '2026-05-29',
    ]);
    expect(timetableMonths(week)).toEqual(['2026-04', '2026-05']);
  });

  it('names the dates a write changes: changed, added, removed, moved slots', () => {
    const slotA = { id: 'a', dayOfWeek: 1, startTime: '08:00', endTime: '10:00' };
    const slotB = { id: 'b', dayOfWeek: 5, startTime: '08:00', endTime: '10:00' };
    const before = { ...week, slots: [slotA, slotB] };
    expect(timetableWriteDates(before, { ...week, slots: [slotA, slotB] })).toEqual([]);
    // Friday's slot canceled: only 1 May.
    expect(timetableWriteDates(before, { ...week, slots: [slotA, { ...slotB, canceled: true }] })).toEqual([
      '2026-05-01',
    ]);
    // Monday's moved to Friday: both days.
    expect(timetableWriteDates(before, { ...week, slots: [{ ...slotA, dayOfWeek: 5 }, slotB] })).toEqual([
      '2026-04-27',
      '2026-05-01',
    ]);
    expect(timetableWriteDates(before, null)).toEqual(['2026-04-27', '2026-05-01']);
    expect(timetableWriteDates(null, { ...week, slots: [slotA] })).toEqual(['2026-04-27']);
    expect(timetableWriteDates(before, { ...week, slots: [slotA] })).toEqual(['2026-05-01']);
  });
});
