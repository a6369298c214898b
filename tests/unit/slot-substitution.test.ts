import { describe, expect, it } from 'vitest';
import type { OccurrenceSubstitution } from '../../src/domain/absences/teacher-occurrences';
import { displayItemKey, type SlotDisplayItem } from '../../src/domain/planning/slot-display';
import {
  markSubstitution,
  substitutionsByItemKey,
  type SubstitutionWords,
} from '../../src/domain/planning/slot-substitution';

const item: SlotDisplayItem = {
  key: 'tt1:0:2026-11-30',
  timetableId: 'tt1',
  slotIndex: 0,
  date: '2026-11-30',
  dayOfWeek: 1,
  startTime: '08:00',
  endTime: '10:00',
  title: 'Algèbre',
  subtitle: 'L1 Info · Awa',
  moduleName: 'Algèbre',
  className: 'L1 Info',
  teacherName: 'Awa',
  moduleId: 'm1',
  teacherUserId: 'awa',
  classId: 'c1',
  status: 'not-started',
  canceled: false,
  deliveryMode: 'presentiel',
  color: '#1d4ed8',
};
const names = new Map([
  ['moussa', 'Moussa Fall'],
  ['awa', 'Awa'],
]);
const base = {
  substituteTitle: (m: string) => `R · ${m}`,
  replacedBy: (n: string) => `par ${n}`,
  unknownName: '?',
};
const consult: SubstitutionWords = { ...base, substituteFor: (n: string) => `de ${n}` };

describe('markSubstitution (Consulter and the teacher screens, issue 35)', () => {
  const cases: {
    name: string;
    mark: OccurrenceSubstitution | undefined;
    words: SubstitutionWords;
    expected: Partial<SlotDisplayItem>;
  }[] = [
    { name: 'no substitution: unchanged', mark: undefined, words: consult, expected: {} },
    {
      name: 'substitute, with the absent teacher in the subtitle (Consulter)',
      mark: { kind: 'substitute', otherUserId: 'moussa' },
      words: consult,
      expected: {
        title: 'R · Algèbre',
        subtitle: 'L1 Info · Awa · de Moussa Fall',
        substitution: { kind: 'substitute', otherName: 'Moussa Fall' },
      },
    },
    {
      name: 'substitute, subtitle kept (teacher screens)',
      mark: { kind: 'substitute', otherUserId: 'moussa' },
      words: base,
      expected: { title: 'R · Algèbre', substitution: { kind: 'substitute', otherName: 'Moussa Fall' } },
    },
    {
      name: 'substitute for an unknown teacher',
      mark: { kind: 'substitute', otherUserId: 'gone' },
      words: consult,
      expected: {
        title: 'R · Algèbre',
        subtitle: 'L1 Info · Awa · de ?',
        substitution: { kind: 'substitute', otherName: '?' },
      },
    },
    {
      name: 'replaced: no attendance of hers, the substitute named',
      mark: { kind: 'replaced', otherUserId: 'moussa' },
      words: base,
      expected: {
        status: null,
        subtitle: 'L1 Info · Awa · par Moussa Fall',
        substitution: { kind: 'replaced', otherName: 'Moussa Fall' },
      },
    },
  ];
  it.each(cases)('$name', ({ mark, words, expected }) => {
    const marked = markSubstitution(item, mark, names, words);
    expect(marked).toEqual({ ...item, ...expected });
    if (!mark) expect(marked).toBe(item);
  });
});

describe('substitutionsByItemKey', () => {
  it('keys the marked occurrences as their display items are keyed, and leaves out the others', () => {
    const occurrence = (slotIndex: number) => ({ timetable: { id: 'tt1' }, slotIndex, date: '2026-11-30' });
    const mark: OccurrenceSubstitution = { kind: 'replaced', otherUserId: 'moussa' };
    const marks = substitutionsByItemKey([
      { occurrence: occurrence(0), substitution: mark },
      { occurrence: occurrence(1), substitution: null },
    ]);
    expect([...marks]).toEqual([[displayItemKey(occurrence(0)), mark]]);
    expect(displayItemKey(occurrence(0))).toBe(item.key);
  });
});
