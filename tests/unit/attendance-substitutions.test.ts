import { describe, expect, it } from 'vitest';
import { attendanceOverview } from '../../src/domain/attendance/overview';
import { withSubstitutions } from '../../src/domain/attendance/substituted-rows';
import { substitutionId } from '../../src/domain/absences/records';
import { dayRange } from '../../src/domain/time/period';
import { courseSlot, teacherCheck, weekTimetable } from '../support/builders';

/**
 * Issue 35, item 1, on "Suivi des émargements": a substituted occurrence is given by the substitute, a course
 * cancelled for want of one is "Annulé" and counts nowhere. Monday 23 November 2026, 12:00 UTC.
 */
const MONDAY = '2026-11-23';
const NOW = `${MONDAY}T12:00:00.000Z`;
const timetable = weekTimetable(
  'tt-l1',
  MONDAY,
  [
    courseSlot(1, '08:00', '10:00', 'mod-algo', 'u-moussa', { id: 's-algo' }),
    courseSlot(1, '10:00', '11:00', 'mod-web', 'u-moussa', { id: 's-web' }),
    // No id: the occurrence is keyed by its index ('i2').
    courseSlot(1, '11:00', '11:30', 'mod-ang', 'u-moussa'),
  ],
  { classId: 'cls-l1' },
);
const { id: _ignored, ...unkeyed } = timetable.slots[2]!;
const timetables = [{ ...timetable, slots: [timetable.slots[0]!, timetable.slots[1]!, unkeyed] }];

const course = (slotKey: string, date = MONDAY) => ({ timetableId: 'tt-l1', slotKey, date });

function overview(
  substitutions: { id: string; substituteUserId: string | null }[],
  logs = [
    // Fatou checked in and out of the 08:00 course she gave.
    teacherCheck('l-1', 'in', `${MONDAY}T08:02:00.000Z`, 'tt-l1', 0, 'cls-l1', 'mod-algo', 'u-fatou'),
    teacherCheck('l-2', 'out', `${MONDAY}T10:00:00.000Z`, 'tt-l1', 0, 'cls-l1', 'mod-algo', 'u-fatou'),
  ],
) {
  const { rows } = attendanceOverview({ timetables, logs, range: dayRange(MONDAY), now: NOW });
  return withSubstitutions(rows, substitutions);
}

describe('withSubstitutions: the rows of /attendance as their occurrences are given', () => {
  it('without substitution: the slots as planned, counters unchanged', () => {
    const { rows, counters } = overview([]);
    expect(rows.map((r) => [r.slot.teacherUserId, r.substitution])).toEqual([
      ['u-moussa', null],
      ['u-moussa', null],
      ['u-moussa', null],
    ]);
    expect(counters).toEqual({ 'not-started': 0, late: 0, 'in-progress': 0, finished: 1, missed: 2 });
  });

  it.each([
    ['a substitute: she is the teacher of the row', 's-algo', 0, 'u-fatou', 'substitute'],
    ['the unkeyed slot, found by its index', 'i2', 2, 'u-fatou', 'substitute'],
    ['nobody: cancelled, the teacher unchanged', 's-web', 1, null, 'canceled'],
  ] as const)('%s', (_name, slotKey, index, substituteUserId, kind) => {
    const { rows } = overview([{ id: substitutionId(course(slotKey)), substituteUserId }]);
    const row = rows[index]!;
    expect(row.substitution?.kind).toBe(kind);
    expect(row.substitution?.absentUserId).toBe('u-moussa');
    expect(row.slot.teacherUserId).toBe(substituteUserId ?? 'u-moussa');
    expect(row.slot.canceled ?? false).toBe(kind === 'canceled');
    // The other rows are left alone.
    for (const other of rows.filter((_, i) => i !== index)) expect(other.substitution).toBeNull();
  });

  it('the substitute’s check-in gives the row its status (the logs are the occurrence’s, not a teacher’s)', () => {
    const { rows } = overview([{ id: substitutionId(course('s-algo')), substituteUserId: 'u-fatou' }]);
    expect(rows[0]).toMatchObject({
      status: 'finished',
      realMin: 118,
      substitution: { kind: 'substitute', absentUserId: 'u-moussa', substituteUserId: 'u-fatou' },
    });
  });

  it('a cancelled course counts nowhere: neither missed nor late', () => {
    const { counters } = overview([
      { id: substitutionId(course('s-web')), substituteUserId: null },
      { id: substitutionId(course('i2')), substituteUserId: null },
    ]);
    expect(counters).toEqual({ 'not-started': 0, late: 0, 'in-progress': 0, finished: 1, missed: 0 });
  });

  it.each([
    ['another date', substitutionId(course('s-algo', '2026-11-30'))],
    ['another timetable', substitutionId({ timetableId: 'tt-l2', slotKey: 's-algo', date: MONDAY })],
    ['another slot', substitutionId(course('s-other'))],
  ])('a substitution of %s changes nothing', (_name, id) => {
    const { rows } = overview([{ id, substituteUserId: 'u-fatou' }]);
    expect(rows.every((r) => r.substitution === null && r.slot.teacherUserId === 'u-moussa')).toBe(true);
  });

  it('a substitution naming the slot’s own teacher changes nothing', () => {
    const { rows } = overview([{ id: substitutionId(course('s-algo')), substituteUserId: 'u-moussa' }]);
    expect(rows[0]!.substitution).toBeNull();
  });
});
