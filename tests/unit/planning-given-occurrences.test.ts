import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { occurrenceKey } from '../../src/domain/absences/occurrence-teacher';
import { givenOccurrences } from '../../src/domain/planning/given-occurrences';
import type { SlotOccurrence } from '../../src/domain/planning/occurrences';
import type { Slot, Timetable } from '../../src/domain/store/schema';

const slot = {
  id: 's1',
  teacherUserId: 'absent',
  dayOfWeek: 1,
  startTime: '08:00',
  endTime: '10:00',
} as Slot;
const timetable = { id: 'tt1', slots: [slot] } as unknown as Timetable;
const occurrence = (date: string, s: Slot = slot): SlotOccurrence => ({
  timetable,
  slot: s,
  slotIndex: 0,
  date,
  start: DateTime.fromISO(`${date}T08:00:00Z`),
  end: DateTime.fromISO(`${date}T10:00:00Z`),
});
const id = (date: string, key = 's1') => occurrenceKey({ timetableId: 'tt1', slotKey: key, date });

describe('givenOccurrences (Consulter shows who gives each course)', () => {
  const cases: {
    name: string;
    substitutions: { id: string; substituteUserId: string | null }[];
    teacher: string;
    canceled: boolean;
    absent: string | null;
  }[] = [
    { name: 'no substitution', substitutions: [], teacher: 'absent', canceled: false, absent: null },
    {
      name: 'a substitute gives it',
      substitutions: [{ id: id('2026-11-30'), substituteUserId: 'sub' }],
      teacher: 'sub',
      canceled: false,
      absent: 'absent',
    },
    {
      name: 'nobody: cancelled',
      substitutions: [{ id: id('2026-11-30'), substituteUserId: null }],
      teacher: 'absent',
      canceled: true,
      absent: null,
    },
    {
      name: 'another date: unchanged',
      substitutions: [{ id: id('2026-12-07'), substituteUserId: 'sub' }],
      teacher: 'absent',
      canceled: false,
      absent: null,
    },
    {
      name: 'the slot’s own teacher named: unchanged',
      substitutions: [{ id: id('2026-11-30'), substituteUserId: 'absent' }],
      teacher: 'absent',
      canceled: false,
      absent: null,
    },
  ];
  it.each(cases)('$name', ({ substitutions, teacher, canceled, absent }) => {
    const [given] = givenOccurrences([occurrence('2026-11-30')], substitutions);
    expect(given?.occurrence.slot.teacherUserId).toBe(teacher);
    expect(!!given?.occurrence.slot.canceled).toBe(canceled);
    expect(given?.absentUserId).toBe(absent);
    expect(given?.occurrence.date).toBe('2026-11-30');
  });

  it('a slot without id is found by its index key', () => {
    const bare = { ...slot, id: undefined } as unknown as Slot;
    const [given] = givenOccurrences(
      [occurrence('2026-11-30', bare)],
      [{ id: id('2026-11-30', 'i0'), substituteUserId: 'sub' }],
    );
    expect(given?.occurrence.slot.teacherUserId).toBe('sub');
  });
});
