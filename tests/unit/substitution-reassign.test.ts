import { describe, expect, it } from 'vitest';
import {
  changeKeyOf,
  substitutionNotificationId,
  substitutionNotificationRefusal,
} from '../../src/domain/absences/substitution-notice-rules';
import { removeSubstitution } from '../../src/services/absences/absences';
import { absenceDevice, saveAwaSubstitution } from './absence-device';

/**
 * Issue 35 leftover (A → B → A): each change of a course's substitute is told to each person it concerns, even
 * to someone told before; the same change written again is told once. Awa is absent, Ibou and Coumba replace.
 */
// A substitute's id, null (nobody: the course is cancelled) or the removal of the substitution.
const REMOVE = Symbol('remove');
type Step = string | null | typeof REMOVE;
type Told = [kind: string, recipient: string];

const SUB = 'sub:tt:s1:2026-11-16';
const AWA = 'awa';
const IBOU = 'ibou';
const COUMBA = 'coumba';
const assigned = (who: string): Told[] => [
  ['substitution-assigned', who],
  ['substitution-replaced', AWA],
];
const withdrawn = (who: string): Told => ['substitution-withdrawn', who];

describe('each change is told to each person it concerns, step by step', () => {
  const seeded = absenceDevice('substitution-reassign');

  async function told(steps: readonly Step[]): Promise<Told[][]> {
    const db = await seeded();
    const out: Told[][] = [];
    let seen = new Set<string>();
    let minute = 0;
    for (const step of steps) {
      minute += 5;
      const at = `2026-11-15T09:${String(minute).padStart(2, '0')}:00.000Z`;
      if (step === REMOVE)
        await removeSubstitution(db, {
          substitutionId: SUB,
          actorUserId: 'u-admin',
          now: new Date(at),
        });
      else await saveAwaSubstitution(db, step, at);
      const all = await db.notifications.toArray();
      out.push(
        all
          .filter((n) => !seen.has(n.id))
          .map((n): Told => [n.kind, n.teacherUserId ?? ''])
          .sort(),
      );
      seen = new Set(all.map((n) => n.id));
    }
    return out;
  }

  const sorted = (t: Told[]) => [...t].sort();
  it.each<[string, Step[], Told[][]]>([
    ['B', [IBOU], [assigned(IBOU)]],
    ['B → B: no change, nothing told', [IBOU, IBOU], [assigned(IBOU), []]],
    [
      'B → C → B: B and Awa told again, C withdrawn',
      [IBOU, COUMBA, IBOU],
      [
        assigned(IBOU),
        sorted([...assigned(COUMBA), withdrawn(IBOU)]),
        sorted([...assigned(IBOU), withdrawn(COUMBA)]),
      ],
    ],
    [
      'B → C → B → C: every step told, the fourth like the second',
      [IBOU, COUMBA, IBOU, COUMBA],
      [
        assigned(IBOU),
        sorted([...assigned(COUMBA), withdrawn(IBOU)]),
        sorted([...assigned(IBOU), withdrawn(COUMBA)]),
        sorted([...assigned(COUMBA), withdrawn(IBOU)]),
      ],
    ],
    [
      'B, removed, B again: B and Awa told again',
      [IBOU, REMOVE, IBOU],
      [
        assigned(IBOU),
        [
          ['substitution-restored', AWA],
          ['substitution-withdrawn', IBOU],
        ],
        assigned(IBOU),
      ],
    ],
    [
      'nobody → B → nobody → nobody: each cancellation told, the repeat not',
      [null, IBOU, null, null],
      [
        [['substitution-canceled', AWA]],
        assigned(IBOU),
        sorted([['substitution-canceled', AWA], withdrawn(IBOU)]),
        [],
      ],
    ],
    [
      'nobody, removed, nobody again: Awa told of each',
      [null, REMOVE, null],
      [[['substitution-canceled', AWA]], [['substitution-restored', AWA]], [['substitution-canceled', AWA]]],
    ],
  ])('%s', async (_name, steps, expected) => {
    expect(await told(steps)).toEqual(expected);
  });

  it('a second administrator offline making the same change from the same state writes the same notices', async () => {
    const office = await seeded();
    const laptop = await seeded();
    for (const db of [office, laptop]) await saveAwaSubstitution(db, IBOU, '2026-11-15T09:00:00.000Z');
    // Both saw Ibou's assignment, both change to Coumba, minutes apart: the same change, the same ids.
    await saveAwaSubstitution(office, COUMBA, '2026-11-15T09:05:00.000Z');
    await saveAwaSubstitution(laptop, COUMBA, '2026-11-15T09:07:00.000Z');
    const ids = async (db: typeof office) => (await db.notifications.toArray()).map((n) => n.id).sort();
    expect(await ids(laptop)).toEqual(await ids(office));
    expect(await ids(office)).toContain(
      substitutionNotificationId(SUB, 'substitution-withdrawn', IBOU, COUMBA, '2026-11-15T09:00:00.000Z'),
    );
    expect((await office.substitutions.get(SUB))?.changeKey).toBe('2026-11-15T09:00:00.000Z');
  });

  it('given again after a removal: the change starts from that removal', async () => {
    const db = await seeded();
    await saveAwaSubstitution(db, IBOU, '2026-11-15T09:00:00.000Z');
    await removeSubstitution(db, {
      substitutionId: SUB,
      actorUserId: 'u-admin',
      now: new Date('2026-11-15T09:10:00Z'),
    });
    await saveAwaSubstitution(db, IBOU, '2026-11-15T09:20:00.000Z');
    expect((await db.substitutions.get(SUB))?.changeKey).toBe('removed-2026-11-15T09:00:00.000Z');
  });
});

describe('changeKeyOf: the state a change starts from', () => {
  it.each([
    ['a course never given', undefined, null, 'new'],
    ['an assignment in force', { assignedAt: 'T1' }, null, 'T1'],
    ['removed, then given again', undefined, 'T1', 'removed-T1'],
    ['an assignment in force wins over an older removal', { assignedAt: 'T2' }, 'T1', 'T2'],
  ] as const)('%s', (_name, previous, removed, expected) => {
    expect(changeKeyOf(previous, removed)).toBe(expected);
  });
});

describe('substitutionNotificationRefusal: a notice of the change in force only', () => {
  const T1 = '2026-11-15T09:00:00.000Z';
  const T2 = '2026-11-15T09:05:00.000Z';
  const stored = { id: SUB, absentUserId: AWA, substituteUserId: IBOU, changeKey: T2 };
  const notice = (kind: string, to: string, change: string, substitute: string | null = IBOU) => ({
    id: substitutionNotificationId(SUB, kind as never, to, substitute, change),
    kind,
    teacherUserId: to,
    substitutionId: SUB,
  });
  it.each([
    ['assigned, of the change in force', notice('substitution-assigned', IBOU, T2), stored, null],
    ['replaced, of the change in force', notice('substitution-replaced', AWA, T2), stored, null],
    ['assigned, of an earlier change', notice('substitution-assigned', IBOU, T1), stored, 'notification-id'],
    ['a change made up', notice('substitution-assigned', IBOU, 'x'), stored, 'notification-id'],
    [
      'first given, told as new',
      notice('substitution-assigned', IBOU, 'new'),
      { ...stored, changeKey: 'new' },
      null,
    ],
    [
      'a record without change key reads as new',
      notice('substitution-assigned', IBOU, 'new'),
      { ...stored, changeKey: undefined },
      null,
    ],
    [
      'a record without change key: the earlier version’s id',
      notice('substitution-assigned', IBOU, null as never),
      { ...stored, changeKey: undefined },
      null,
    ],
    [
      'a record with a change key: never the earlier version’s id',
      notice('substitution-assigned', IBOU, null as never),
      stored,
      'notification-id',
    ],
  ] as const)('%s', (_name, n, s, expected) => {
    expect(substitutionNotificationRefusal(n, s)).toBe(expected);
  });
});
