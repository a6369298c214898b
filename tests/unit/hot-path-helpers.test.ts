import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { cloneJson, freezeJson } from '../../server/storage/clone-json';
import { occurrenceDateOf } from '../../src/domain/absences/occurrence-teacher';
import { toIsoInstant } from '../../src/domain/time/instant';

/**
 * Issue 31: the shortcuts taken on a check-in's hot path answer exactly what the slower code answered.
 */
const viaLuxon = (date: Date) => {
  const dt = DateTime.fromJSDate(date, { zone: 'utc' });
  return dt.isValid ? (dt.toISO() ?? '').replace(/\+00:00$/, 'Z') : '';
};

describe('toIsoInstant of a Date: the same text as through luxon', () => {
  it.each([
    ['first instant of year 0', -62167219200000],
    ['last instant of 9999', 253402300799999],
    ['first instant of 10000 (luxon)', 253402300800000],
    ['just before 1970', -1],
    ['a check-in', Date.parse('2026-11-28T07:05:09.123Z')],
    ['not a time', NaN],
  ])('%s', (_name, ms) => {
    const date = new Date(ms);
    expect(toIsoInstant(date)).toBe(viaLuxon(date));
  });

  it('agrees on 20,000 random instants of years -2000 to 12000', () => {
    const from = Date.UTC(-2000, 0, 1);
    const to = Date.UTC(12000, 0, 1);
    for (let i = 0; i < 20_000; i += 1) {
      const date = new Date(Math.floor(from + Math.random() * (to - from)));
      expect(toIsoInstant(date)).toBe(viaLuxon(date));
    }
  });
});

describe('occurrenceDateOf: remembered, never wrong', () => {
  it.each([
    ['a UTC instant', '2026-11-28T23:59:59.999Z', '2026-11-28'],
    ['an offset that changes the day', '2026-11-28T23:30:00-02:00', '2026-11-29'],
    ['a day Date.parse rolls over', '2026-02-30T10:00:00Z', '2026-03-02'],
    ['not a time', '2026-13-01T00:00:00Z', null],
    ['not a string', 42, null],
  ])('%s', (_name, instant, expected) => {
    expect(occurrenceDateOf(instant)).toBe(expected);
    // A second time from memory: the same answer.
    expect(occurrenceDateOf(instant)).toBe(expected);
  });

  it('keeps answering right once its memory was emptied (more than 1,024 instants)', () => {
    for (let i = 0; i < 3_000; i += 1) {
      const ms = Date.UTC(2026, 0, 1) + i * 3_600_000;
      expect(occurrenceDateOf(new Date(ms).toISOString())).toBe(new Date(ms).toISOString().slice(0, 10));
    }
    expect(occurrenceDateOf('2026-11-28T23:30:00-02:00')).toBe('2026-11-29');
  });
});

describe('freezeJson: shared without a copy, a change throws', () => {
  it('freezes nested objects and arrays, and a copy of it is free to change', () => {
    const record = freezeJson({ id: 't-1', slots: [{ id: 's-1', startTime: '08:00' }], meta: { n: 1 } });
    expect(Object.isFrozen(record.slots[0])).toBe(true);
    expect(() => {
      (record.slots[0] as { startTime: string }).startTime = '09:00';
    }).toThrow(TypeError);
    expect(() => {
      (record.slots as unknown[]).push({});
    }).toThrow(TypeError);
    expect(record.slots[0]?.startTime).toBe('08:00');
    const copy = cloneJson(record);
    copy.slots[0]!.startTime = '09:00';
    expect(copy.slots[0]?.startTime).toBe('09:00');
    expect(record.slots[0]?.startTime).toBe('08:00');
  });

  it('leaves what is not an object as it is', () => {
    expect(freezeJson(null)).toBeNull();
    expect(freezeJson('texte')).toBe('texte');
    expect(freezeJson(3)).toBe(3);
  });
});
