import { describe, expect, it } from 'vitest';
import {
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
          substitutionId: 'sub:tt:s1:2026-11-16',
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

  it('the same change pushed again writes the same notices (same ids)', async () => {
    const db = await seeded();
    await saveAwaSubstitution(db, IBOU, '2026-11-15T09:00:00.000Z');
    await saveAwaSubstitution(db, COUMBA, '2026-11-15T09:05:00.000Z');
    const ids = (await db.notifications.toArray()).map((n) => n.id).sort();
    expect(ids).toContain(
      substitutionNotificationId(
        'sub:tt:s1:2026-11-16',
        'substitution-withdrawn',
        IBOU,
        COUMBA,
        '2026-11-15T09:05:00.000Z',
      ),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('substitutionNotificationRefusal: a notice of the assignment in force only', () => {
  const subId = 'sub:tt:s1:2026-11-16';
  const T1 = '2026-11-15T09:00:00.000Z';
  const T2 = '2026-11-15T09:05:00.000Z';
  const stored = { id: subId, absentUserId: AWA, substituteUserId: IBOU, assignedAt: T2 };
  const notice = (kind: string, to: string, at: string, substitute: string | null = IBOU) => ({
    id: substitutionNotificationId(subId, kind as never, to, substitute, at),
    kind,
    teacherUserId: to,
    substitutionId: subId,
  });
  it.each([
    ['assigned, of the assignment in force', notice('substitution-assigned', IBOU, T2), stored, null],
    ['replaced, of the assignment in force', notice('substitution-replaced', AWA, T2), stored, null],
    [
      'assigned, of an earlier assignment',
      notice('substitution-assigned', IBOU, T1),
      stored,
      'notification-id',
    ],
    ['a date made up', notice('substitution-assigned', IBOU, 'x'), stored, 'notification-id'],
    [
      'a stored substitution without its date',
      notice('substitution-assigned', IBOU, ''),
      { ...stored, assignedAt: undefined },
      'notification-id',
    ],
  ] as const)('%s', (_name, n, s, expected) => {
    expect(substitutionNotificationRefusal(n, s)).toBe(expected);
  });
});
