import { describe, expect, it } from 'vitest';
import { realDay } from '../support/builders';

describe('realDay: today by the real clock, for the tests the server times', () => {
  it.each([
    // now, date, day of the week, Monday, minutes left before 23:59
    ['2026-11-29T23:52:00.000Z', '2026-11-29', 7, '2026-11-23', 7],
    ['2026-11-30T00:03:00.000Z', '2026-11-30', 1, '2026-11-30', 1436],
    ['2026-11-30T23:58:30.000Z', '2026-11-30', 1, '2026-11-30', 0],
    ['2026-11-30T23:59:00.000Z', '2026-11-30', 1, '2026-11-30', 0],
    ['2026-12-01T05:40:00.000Z', '2026-12-01', 2, '2026-11-30', 1099],
  ])('%s: %s, day %i, week of %s, %i min left', (iso, date, dayOfWeek, monday, minutesLeft) => {
    const day = realDay(new Date(iso));
    expect(day).toMatchObject({ date, dayOfWeek, monday, minutesLeft });
  });

  it('clockIn gives a time of that day and refuses one of another day, never moving it', () => {
    const day = realDay(new Date('2026-11-29T23:52:00.000Z'));
    expect(day.clockIn(-5)).toBe('23:47');
    expect(day.clockIn(7)).toBe('23:59');
    expect(() => day.clockIn(8)).toThrow(RangeError);
    const early = realDay(new Date('2026-11-30T00:03:00.000Z'));
    expect(early.clockIn(-3)).toBe('00:00');
    expect(() => early.clockIn(-4)).toThrow(RangeError);
  });

  it('since and until stop at the day’s first and last minute, as they say', () => {
    const late = realDay(new Date('2026-11-29T23:52:00.000Z'));
    expect([late.since(5), late.until(6), late.until(7), late.until(115)]).toEqual([
      '23:47',
      '23:58',
      '23:59',
      '23:59',
    ]);
    const early = realDay(new Date('2026-11-30T00:03:00.000Z'));
    expect([early.since(3), early.since(5), early.until(115)]).toEqual(['00:00', '00:00', '01:58']);
  });
});
