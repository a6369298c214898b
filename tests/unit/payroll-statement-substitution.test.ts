import { describe, expect, it } from 'vitest';
import { substitutionId } from '../../src/domain/absences/records';
import { buildStatements } from '../../src/domain/payroll/statement';
import type { Contract } from '../../src/domain/store/schema';
import { monthRangeOf } from '../../src/domain/time/period';
import { courseSlot, teacherCheck, weekTimetable } from '../support/builders';

/**
 * Issue 35: on the statements a course given by a substitute is hers, at her contract's rate (contractRate; none
 * without a contract in force), not the absent teacher's; one cancelled for want of a substitute is nobody's.
 */
const NOVEMBER = monthRangeOf(2026, 11);
// Monday 16 (08:00–10:00) and Tuesday 17 (14:00–15:00): teacher-a's.
const timetable = weekTimetable('tt-1', '2026-11-16', [
  courseSlot(1, '08:00', '10:00', 'mod-math', 'teacher-a', { id: 's-mon' }),
  courseSlot(2, '14:00', '15:00', 'mod-math', 'teacher-a', { id: 's-tue' }),
]);
const contract = (teacherUserId: string, hourlyRate: number): Contract => ({
  id: `c-${teacherUserId}`,
  teacherUserId,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  createdAt: '2026-10-01T00:00:00.000Z',
  hourlyRate,
  entries: [{ id: 'e-1', classId: 'class-1', moduleId: 'mod-math', volumeCapMin: 0 }],
});
const monday = (substituteUserId: string | null) => ({
  id: substitutionId({ timetableId: 'tt-1', slotKey: 's-mon', date: '2026-11-16' }),
  substituteUserId,
});
// teacher-b gave Monday's course, checked in and out in her name.
const byB = [
  teacherCheck('ci', 'in', '2026-11-16T08:00:00.000Z', 'tt-1', 0, 'class-1', 'mod-math', 'teacher-b'),
  teacherCheck('co', 'out', '2026-11-16T10:00:00.000Z', 'tt-1', 0, 'class-1', 'mod-math', 'teacher-b'),
];

function figures(
  substitutions: { id: string; substituteUserId: string | null }[],
  contracts: Contract[],
  logs = byB,
) {
  return buildStatements({
    timetables: [timetable],
    logs,
    contracts,
    range: NOVEMBER,
    now: '2026-12-01T00:00:00.000Z',
    substitutions,
  }).map((s) => ({
    teacher: s.teacherUserId,
    lines: s.lines.map((l) => [l.date, l.state, l.plannedMin, l.paidMin, l.amount]),
  }));
}

describe('statements with substitutions', () => {
  it.each([
    [
      'Monday given by teacher-b: her line at her rate, teacher-a keeps Tuesday',
      [monday('teacher-b')],
      [contract('teacher-a', 6000), contract('teacher-b', 9000)],
      [
        { teacher: 'teacher-a', lines: [['2026-11-17', 'absent', 60, 0, 0]] },
        { teacher: 'teacher-b', lines: [['2026-11-16', 'held', 120, 120, 18000]] },
      ],
    ],
    [
      'teacher-b without a contract in force: her hours, no amount',
      [monday('teacher-b')],
      [contract('teacher-a', 6000)],
      [
        { teacher: 'teacher-a', lines: [['2026-11-17', 'absent', 60, 0, 0]] },
        { teacher: 'teacher-b', lines: [['2026-11-16', 'held', 120, 120, null]] },
      ],
    ],
  ] as const)('%s', (_name, substitutions, contracts, expected) => {
    expect(figures([...substitutions], [...contracts])).toEqual(expected);
  });

  it('Monday cancelled for want of a substitute: on nobody’s statement', () => {
    expect(figures([monday(null)], [contract('teacher-a', 6000)], [])).toEqual([
      { teacher: 'teacher-a', lines: [['2026-11-17', 'absent', 60, 0, 0]] },
    ]);
  });

  it('without substitutions: both of teacher-a’s courses are hers', () => {
    expect(figures([], [contract('teacher-a', 6000)], [])).toEqual([
      {
        teacher: 'teacher-a',
        lines: [
          ['2026-11-16', 'absent', 120, 0, 0],
          ['2026-11-17', 'absent', 60, 0, 0],
        ],
      },
    ]);
  });
});
