import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../src/domain/format/duration';

describe('hours display XhYY (spec part 2 point 9)', () => {
  it.each([
    [150, '2h30'],
    [120, '2h'],
    [5, '0h05'],
    [0, '0h'],
    [59, '0h59'],
    [60, '1h'],
    [61, '1h01'],
    [1439, '23h59'],
    [6000, '100h'],
    [89.6, '1h30'],
    [89.4, '1h29'],
    [-5, '-0h05'],
    [Number.NaN, '0h'],
  ])('%s minutes -> %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it.each([
    ['2h30', 150],
    ['2h', 120],
    ['0h05', 5],
    ['-1h', -60],
    ['2h3', null],
    ['2h60', null],
    ['h30', null],
    ['2:30', null],
  ])('parseDuration(%s) = %s', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it('round-trips every whole number of minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (minutes) => {
        expect(parseDuration(formatDuration(minutes))).toBe(minutes);
      }),
    );
  });
});
