import { describe, expect, it } from 'vitest';
import { substitutionId } from '../../src/domain/absences/records';
import { teacherOccurrences } from '../../src/domain/absences/teacher-occurrences';
import { courseSlot } from '../support/builders';

/** Issue 35, item 1: whose "Module du jour" and "Mon planning" a course occurrence appears in, and how. */
const AWA = 'u-awa';
const IBOU = 'u-ibou';
const COUMBA = 'u-coumba';
const slot = courseSlot(3, '10:00', '12:00', 'cm-algo', AWA, { id: 's-algo' });
const occurrence = { timetable: { id: 't-l1' }, slot, slotIndex: 0, date: '2026-11-25' };
const nextWeek = { ...occurrence, date: '2026-12-02' };
const sub = (substituteUserId: string | null) => ({
  id: substitutionId({ timetableId: 't-l1', slotKey: 's-algo', date: '2026-11-25' }),
  substituteUserId,
  absentUserId: AWA,
});

describe('teacherOccurrences', () => {
  it.each([
    ['no substitution: the teacher sees hers', [], AWA, [{ teacher: AWA, canceled: false, mark: null }]],
    ['no substitution: another teacher sees nothing', [], IBOU, []],
    [
      'the absent teacher: hers, replaced by the substitute',
      [sub(IBOU)],
      AWA,
      [{ teacher: AWA, canceled: false, mark: { kind: 'replaced', otherUserId: IBOU } }],
    ],
    [
      'the substitute: the course as hers, a replacement of the absent teacher',
      [sub(IBOU)],
      IBOU,
      [{ teacher: IBOU, canceled: false, mark: { kind: 'substitute', otherUserId: AWA } }],
    ],
    ['a third teacher: nothing', [sub(IBOU)], COUMBA, []],
    [
      'nobody found: cancelled for the absent teacher',
      [sub(null)],
      AWA,
      [{ teacher: AWA, canceled: true, mark: null }],
    ],
    ['nobody found: nothing for another', [sub(null)], IBOU, []],
  ] as const)('%s', (_name, substitutions, userId, expected) => {
    const given = teacherOccurrences([occurrence], substitutions, userId);
    expect(
      given.map((g) => ({
        teacher: g.occurrence.slot.teacherUserId,
        canceled: g.occurrence.slot.canceled,
        mark: g.substitution,
      })),
    ).toEqual(expected);
  });

  it('only the substituted date changes hands: the next week stays the absent teacher’s', () => {
    expect(
      teacherOccurrences([occurrence, nextWeek], [sub(IBOU)], IBOU).map((g) => g.occurrence.date),
    ).toEqual(['2026-11-25']);
    expect(
      teacherOccurrences([occurrence, nextWeek], [sub(IBOU)], AWA).map((g) => [
        g.occurrence.date,
        g.substitution?.kind ?? null,
      ]),
    ).toEqual([
      ['2026-11-25', 'replaced'],
      ['2026-12-02', null],
    ]);
  });
});
