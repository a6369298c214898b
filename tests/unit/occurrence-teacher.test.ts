import { describe, expect, it } from 'vitest';
import {
  occurrenceDateOf,
  occurrenceKey,
  occurrenceSlot,
  occurrenceSubstitutionId,
  slotKey,
} from '../../src/domain/absences/occurrence-teacher';
import { effectiveTeacherOf, substitutionId } from '../../src/domain/absences/records';
import { slotKeyOf } from '../../src/domain/calendar/feed-events';
import type { Timetable } from '../../src/domain/store/schema';
import { courseSlot } from '../support/builders';

/** Issue 35, item 1: the effective teacher of an occurrence is who checks in and out of it. */
const slot = courseSlot(3, '10:00', '12:00', 'cm-algo', 'u-awa', { id: 's-algo' });
const unkeyed = courseSlot(3, '14:00', '16:00', 'cm-algo', 'u-awa');
const timetable: Pick<Timetable, 'id' | 'slots'> = {
  id: 't-l1',
  slots: [slot, { ...unkeyed, id: undefined }],
};

describe('occurrenceSlot: who checks in and out of the occurrence', () => {
  it.each([
    ['no substitution: the slot itself', null, 'u-awa', false],
    ['a substitute: she, never the absent teacher', { id: 'x', substituteUserId: 'u-ibou' }, 'u-ibou', false],
    ['nobody found: cancelled', { id: 'x', substituteUserId: null }, 'u-awa', true],
  ] as const)('%s', (_name, substitution, teacherUserId, canceled) => {
    const given = occurrenceSlot(slot, substitution);
    expect(given.teacherUserId).toBe(teacherUserId);
    expect(given.canceled).toBe(canceled);
    // Same rule as effectiveTeacherOf.
    const course = { timetableId: 't', slotKey: 's', date: 'd', plannedTeacherUserId: 'u-awa' };
    const effective = effectiveTeacherOf(
      course,
      substitution ? [{ id: substitutionId(course), substituteUserId: substitution.substituteUserId }] : [],
    );
    expect(canceled ? null : given.teacherUserId).toBe(effective.teacherUserId);
  });
});

describe('occurrenceSubstitutionId: the occurrence of a check log or notification', () => {
  it.each([
    [
      'keyed slot, morning',
      { slotIndex: 0, timestamp: '2026-11-25T10:05:00.000Z' },
      'sub:t-l1:s-algo:2026-11-25',
    ],
    // The UTC date: the last minute of the day and the first of the next are two occurrences.
    [
      '23:59:59.999 UTC',
      { slotIndex: 0, timestamp: '2026-11-25T23:59:59.999Z' },
      'sub:t-l1:s-algo:2026-11-25',
    ],
    [
      '00:00 UTC next day',
      { slotIndex: 0, timestamp: '2026-11-26T00:00:00.000Z' },
      'sub:t-l1:s-algo:2026-11-26',
    ],
    [
      'unkeyed slot: its index',
      { slotIndex: 1, timestamp: '2026-11-25T14:05:00.000Z' },
      'sub:t-l1:i1:2026-11-25',
    ],
    [
      'a notification: its creation',
      { slotIndex: 0, createdAt: '2026-11-25T10:05:00.000Z' },
      'sub:t-l1:s-algo:2026-11-25',
    ],
    ['no such slot', { slotIndex: 5, timestamp: '2026-11-25T10:05:00.000Z' }, null],
    ['no time', { slotIndex: 0, timestamp: 'hier' }, null],
  ] as const)('%s', (_name, record, expected) => {
    expect(occurrenceSubstitutionId(timetable, record)).toBe(expected);
  });

  it('agrees with records.ts substitutionId and feed-events slotKeyOf (copies kept out of the login bundle)', () => {
    const course = { timetableId: 't-l1', slotKey: 's-algo', date: '2026-11-25' };
    expect(occurrenceKey(course)).toBe(substitutionId(course));
    expect(slotKey(slot, 0)).toBe(slotKeyOf(slot, 0));
    expect(slotKey({ id: undefined }, 3)).toBe(slotKeyOf({}, 3));
    expect(occurrenceDateOf(42)).toBeNull();
  });
});
