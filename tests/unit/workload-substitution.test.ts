import { describe, expect, it } from 'vitest';
import { substitutionId } from '../../src/domain/absences/records';
import type { PlanningLog, Timetable } from '../../src/domain/store/schema';
import { weekRange } from '../../src/domain/time/period';
import { workloadByTeacher } from '../../src/domain/workload/workload';
import { courseSlot, weekTimetable } from '../support/builders';

/**
 * Issue 35: a course given by a substitute counts for her, not for the absent teacher; a course cancelled for
 * want of a substitute counts for nobody (no planned time, no "Non émargé").
 */
const AWA = 'u-awa';
const IBOU = 'u-ibou';
// Monday 10:00–12:00 and Tuesday 10:00–12:00, both Awa's.
const week: Timetable = weekTimetable('tt-w', '2025-03-10', [
  courseSlot(1, '10:00', '12:00', 'mod-algo', AWA, { id: 's-mon' }),
  courseSlot(2, '10:00', '12:00', 'mod-algo', AWA, { id: 's-tue' }),
]);
const range = weekRange('2025-03-10');
const NOW = '2025-03-20T00:00:00Z';
const subOf = (slotKey: string, date: string, substituteUserId: string | null) => ({
  id: substitutionId({ timetableId: 'tt-w', slotKey, date }),
  substituteUserId,
});
const check = (id: string, action: 'in' | 'out', timestamp: string, teacherUserId: string): PlanningLog => ({
  id,
  timestamp,
  action: action === 'in' ? 'planning-checkin' : 'planning-checkout',
  timetableId: 'tt-w',
  classId: week.classId,
  moduleId: 'mod-algo',
  teacherUserId,
  slotIndex: 0,
  ...(action === 'out' ? { checkinLogId: 'ci' } : {}),
});
// Ibrahima gave Monday's course in Awa's place, checked in and out in his name.
const mondayByIbou = [
  check('ci', 'in', '2025-03-10T10:00:00Z', IBOU),
  check('co', 'out', '2025-03-10T12:00:00Z', IBOU),
];

function summary(substitutions: { id: string; substituteUserId: string | null }[], logs: PlanningLog[]) {
  return workloadByTeacher({ timetables: [week], logs, range, now: NOW, substitutions }).map((r) => ({
    teacher: r.teacherUserId,
    planned: r.plannedMin,
    real: r.realMin,
    absences: r.absences,
  }));
}

describe('workloadByTeacher with substitutions', () => {
  it.each([
    [
      'no substitution: both courses Awa’s, Monday not checked in',
      [],
      [],
      [{ teacher: AWA, planned: 240, real: 0, absences: 2 }],
    ],
    [
      'Monday given by Ibrahima: his planned and real time, not Awa’s',
      [subOf('s-mon', '2025-03-10', IBOU)],
      mondayByIbou,
      [
        { teacher: AWA, planned: 120, real: 0, absences: 1 },
        { teacher: IBOU, planned: 120, real: 120, absences: 0 },
      ],
    ],
    [
      'Monday given by Ibrahima, not checked in: his "Non émargé"',
      [subOf('s-mon', '2025-03-10', IBOU)],
      [],
      [
        { teacher: AWA, planned: 120, real: 0, absences: 1 },
        { teacher: IBOU, planned: 120, real: 0, absences: 1 },
      ],
    ],
    [
      'Monday cancelled for want of a substitute: nobody’s',
      [subOf('s-mon', '2025-03-10', null)],
      [],
      [{ teacher: AWA, planned: 120, real: 0, absences: 1 }],
    ],
    [
      'a substitution of another date changes nothing this week',
      [subOf('s-mon', '2025-03-17', IBOU)],
      [],
      [{ teacher: AWA, planned: 240, real: 0, absences: 2 }],
    ],
  ] as const)('%s', (_name, substitutions, logs, expected) => {
    expect(summary([...substitutions], [...logs])).toEqual(expected);
  });
});
