import { beforeEach, describe, expect, it } from 'vitest';
import { assignSubstitute } from '../../src/domain/absences/records';
import { closureId } from '../../src/domain/payroll/closing';
import type { StoreV1, Timetable } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import { courseSlot, mutationNow, teacher } from '../support/builders';
import {
  pushResults,
  revisionOf,
  ROOT_ADMIN,
  serverBackends,
  signInAs,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 35, item 1, month closing over real HTTP on every storage engine:
 * - the substitute's statement is closed only when the institute of the course she gives as a substitute is
 *   closed too (her answer is refused before: 'month-not-closed');
 * - a substitution of a course on a day of a closed month (assigned, changed, withdrawn) is refused
 *   ('month-closed'): it would move closed hours between teachers; the same in an open month applies.
 */
const backends = await serverBackends();
const ORG = 'ecole-remplacement-cloture';
const NOW = '2026-12-03T10:00:00.000Z';
const MONTH = '2026-11';
const AWA = { id: 'u-awa', name: 'Awa Ndiaye', email: 'awa@ecole.sn', password: 'Awa@2026!' } as const;
const IBOU = { id: 'u-ibou', name: 'Ibou Sow', email: 'ibou@ecole.sn', password: 'Ibou@2026!' } as const;

// Week of 9 November 2026: Ibou teaches in A on Monday; Awa in B on Wednesday, replaced by Ibou.
// Week of 7 December 2026: Awa in A on Wednesday (an open month).
const week = (id: string, classId: string, weekStartDate: string, slot: Timetable['slots'][number]) => ({
  id,
  periodicity: 'week' as const,
  year: 2026,
  weekStartDate,
  classId,
  createdAt: '2026-11-01T08:00:00.000Z',
  slots: [slot],
});
const timetables: Timetable[] = [
  week('tt-a', 'cls-a', '2026-11-09', courseSlot(1, '08:00', '10:00', 'mod-1', IBOU.id, { id: 's-a' })),
  week('tt-b', 'cls-b', '2026-11-09', courseSlot(3, '08:00', '10:00', 'mod-1', AWA.id, { id: 's-b' })),
  week('tt-dec', 'cls-a', '2026-12-07', courseSlot(3, '08:00', '10:00', 'mod-1', AWA.id, { id: 's-d' })),
];
const course = (timetableId: string, slotKey: string, classId: string, date: string) => ({
  timetableId,
  slotKey,
  classId,
  moduleId: 'mod-1',
  levelId: null,
  date,
  startTime: '08:00',
  endTime: '10:00',
});
const substitution = (
  c: ReturnType<typeof course>,
  absentUserId: string,
  substituteUserId: string | null,
) => ({
  ...assignSubstitute({
    course: c,
    absence: { id: `ab-${c.date}`, teacherUserId: absentUserId },
    substituteUserId,
    actorUserId: ROOT_ADMIN.id,
    now: NOW,
  }),
});
const replacedInB = substitution(course('tt-b', 's-b', 'cls-b', '2026-11-11'), AWA.id, IBOU.id);

const user = (p: typeof AWA | typeof IBOU) => teacher(p, { name: p.name });

const closure = (instituteId: string) => ({
  id: closureId(MONTH, instituteId),
  month: MONTH,
  instituteId,
  status: 'closed' as const,
  closedAt: '2026-12-01T08:00:00.000Z',
  closedByUserId: ROOT_ADMIN.id,
  history: [],
});

async function orgData(): Promise<Partial<StoreV1>> {
  return {
    users: [await user(AWA), await user(IBOU)],
    institutes: [
      { id: 'inst-a', name: 'Institut A', abbr: 'IA' },
      { id: 'inst-b', name: 'Institut B', abbr: 'IB' },
    ],
    classes: [
      { id: 'cls-a', code: 'A-L1', levelId: null, instituteId: 'inst-a' },
      { id: 'cls-b', code: 'B-L1', levelId: null, instituteId: 'inst-b' },
    ],
    courseModules: [{ id: 'mod-1', code: 'M1', name: 'Module 1', levelId: null }],
    timetables,
    absences: [
      {
        id: 'ab-2026-11-11',
        teacherUserId: AWA.id,
        date: '2026-11-11',
        startTime: null,
        endTime: null,
        reason: 'Malade',
        declaredAt: '2026-11-10T08:00:00.000Z',
        declaredByUserId: AWA.id,
      },
    ],
    substitutions: [replacedInB],
    monthClosures: [closure('inst-a')],
  };
}

let server: RunningServer;
let root: string;
let seq = 0;

function put(
  collection: Mutation['collection'],
  values: { id: string } & Record<string, unknown>,
  baseRevision = 0,
): Mutation {
  seq += 1;
  return mutationNow({ collection, recordId: values.id, values, baseRevision });
}

const push = (cookie: string, mutations: Mutation[]) =>
  pushResults(server.url, ORG, cookie, mutations, { clientId: `device-${seq}`, since: 0 });

const ack = (who: typeof IBOU) =>
  put('statementAcks', {
    id: `ack-${who.id}-${seq + 1}`,
    teacherUserId: who.id,
    month: MONTH,
    decision: 'acknowledged',
    comment: null,
    paidMin: 240,
    amount: 0,
    at: NOW,
    actorUserId: who.id,
    actorUserName: who.name,
  });

const stored = () => storeOf(server, ORG);

describe.each(backends)('$name: substitutions and month closing (issue 35)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
  beforeEach(() => {
    ({ server, root } = org);
  });

  it('the substitute answers her statement only once the institute of her substitution is closed', async () => {
    const ibou = await signInAs(server.url, ORG, IBOU);
    // Her own courses are all in A (closed); the course she gave for Awa is in B (open).
    const [early] = await push(ibou, [ack(IBOU)]);
    expect(early).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'month-not-closed' });
    const [closing] = await push(root, [put('monthClosures', closure('inst-b'))]);
    expect(closing?.status).toBe('applied');
    const [late] = await push(ibou, [ack(IBOU)]);
    expect(late?.status).toBe('applied');
    expect((await stored()).statementAcks.map((a) => a.teacherUserId)).toEqual([IBOU.id]);
  });

  it('refuses a substitution assigned, changed or withdrawn on a day of a closed month', async () => {
    // A: closed for November. Ibou's Monday course given by Awa instead.
    const inA = substitution(course('tt-a', 's-a', 'cls-a', '2026-11-09'), IBOU.id, AWA.id);
    const [assigned] = await push(root, [put('substitutions', inA)]);
    expect(assigned).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'month-closed' });
    // B closes: the substitution of Awa's course there no longer changes, nor goes away.
    await push(root, [put('monthClosures', closure('inst-b'))]);
    const revision = await revisionOf(server, ORG);
    const [changed] = await push(root, [
      put('substitutions', { ...replacedInB, substituteUserId: null, assignedAt: NOW }, revision),
    ]);
    expect(changed).toMatchObject({ status: 'rejected', detail: 'month-closed' });
    seq += 1;
    const [withdrawn] = await push(root, [
      {
        mutationId: `clo-del-${seq}`,
        collection: 'substitutions',
        recordId: replacedInB.id,
        op: 'delete',
        changedFields: [],
        baseRevision: revision,
        createdAt: new Date().toISOString(),
      },
    ]);
    expect(withdrawn).toMatchObject({ status: 'rejected', detail: 'month-closed' });
    expect((await stored()).substitutions).toEqual([expect.objectContaining({ substituteUserId: IBOU.id })]);
  });

  it('a substitution in an open month applies', async () => {
    const inDecember = substitution(course('tt-dec', 's-d', 'cls-a', '2026-12-09'), AWA.id, IBOU.id);
    const [assigned] = await push(root, [put('substitutions', inDecember)]);
    expect(assigned?.status).toBe('applied');
  });
});
