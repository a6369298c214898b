import { beforeEach, describe, expect, it } from 'vitest';
import { closedRecord, closureId } from '../../src/domain/payroll/closing';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation, MutationResult } from '../../src/domain/sync/protocol';
import { courseSlot, mutationNow, teacher, weekTimetable } from '../support/builders';
import {
  pushOne as pushOneTo,
  ROOT_ADMIN,
  serverBackends,
  signIn,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 32, months closed per institute and the teachers' answers to their payroll statements, over real
 * HTTP on every storage engine: a teacher whose courses of the month are all in institute A answers once A is
 * closed, B still open; a teacher with courses in A and B is refused until both are closed; a teacher with no
 * course, or a course in a class without institute, waits for the organisation's closure. The server finds
 * her courses in the stored timetables and their institutes in the stored classes, never in what the device
 * sends.
 */
const backends = await serverBackends();
const ORG = 'ecole-etat-instituts';
const NOW = new Date('2026-12-03T10:00:00.000Z');
const MONTH = '2026-11';

const PEOPLE = {
  fatou: { id: 'u-fatou', name: 'Fatou Ndiaye', email: 'fatou@ecole.sn', password: 'Fatou@2026' },
  moussa: { id: 'u-moussa', name: 'Moussa Fall', email: 'moussa@ecole.sn', password: 'Moussa@2026' },
  awa: { id: 'u-awa', name: 'Awa Sarr', email: 'awa@ecole.sn', password: 'AwaSarr@2026' },
  ibou: { id: 'u-ibou', name: 'Ibou Diop', email: 'ibou@ecole.sn', password: 'IbouDiop@2026' },
} as const;
type Who = keyof typeof PEOPLE;

const person = (p: (typeof PEOPLE)[Who]) => teacher(p, { name: p.name });

const slot = (dayOfWeek: number, teacherUserId: string) =>
  courseSlot(dayOfWeek, '08:00', '10:00', 'mod-1', teacherUserId, { id: `s-${dayOfWeek}-${teacherUserId}` });

// Week of 9 November 2026, created on the 1st.
const timetable = (id: string, classId: string, slots: ReturnType<typeof slot>[]) =>
  weekTimetable(id, '2026-11-09', slots, { classId });

/**
 * Institutes A and B. In November: Fatou teaches only in A; Moussa in A and B; Awa in a class without
 * institute; Ibou has no course. Institute A closed November, B has not; October's institute-A closure
 * was reopened.
 */
async function orgData(): Promise<Partial<StoreV1>> {
  return {
    users: await Promise.all(Object.values(PEOPLE).map(person)),
    institutes: [
      { id: 'inst-a', name: 'Institut A', abbr: 'IA' },
      { id: 'inst-b', name: 'Institut B', abbr: 'IB' },
    ],
    classes: [
      { id: 'cls-a', code: 'A-L1', levelId: null, instituteId: 'inst-a' },
      { id: 'cls-b', code: 'B-L1', levelId: null, instituteId: 'inst-b' },
      { id: 'cls-x', code: 'X-L1', levelId: null, instituteId: null },
    ],
    courseModules: [{ id: 'mod-1', code: 'M1', name: 'Module 1', levelId: null }],
    timetables: [
      timetable('tt-a', 'cls-a', [slot(1, PEOPLE.fatou.id), slot(2, PEOPLE.moussa.id)]),
      timetable('tt-b', 'cls-b', [slot(3, PEOPLE.moussa.id)]),
      timetable('tt-x', 'cls-x', [slot(4, PEOPLE.awa.id)]),
    ],
    monthClosures: [
      {
        id: closureId(MONTH, 'inst-a'),
        month: MONTH,
        instituteId: 'inst-a',
        status: 'closed',
        closedAt: '2026-12-01T08:00:00.000Z',
        closedByUserId: ROOT_ADMIN.id,
        history: [],
      },
      {
        id: closureId('2026-10', 'inst-a'),
        month: '2026-10',
        instituteId: 'inst-a',
        status: 'reopened',
        closedAt: '2026-11-01T08:00:00.000Z',
        closedByUserId: ROOT_ADMIN.id,
        history: [],
      },
    ],
  };
}

let server: RunningServer;
let root: string;
let seq = 0;

function put(collection: Mutation['collection'], id: string, values: Record<string, unknown>): Mutation {
  seq += 1;
  return mutationNow({ collection, recordId: id, values });
}

function ack(who: Who, extra: Record<string, unknown> = {}): Mutation {
  const id = `ack-${who}-${seq + 1}`;
  return put('statementAcks', id, {
    id,
    teacherUserId: PEOPLE[who].id,
    month: MONTH,
    decision: 'acknowledged',
    comment: null,
    paidMin: 120,
    amount: 12000,
    at: NOW.toISOString(),
    actorUserId: PEOPLE[who].id,
    actorUserName: PEOPLE[who].name,
    ...extra,
  });
}

const closing = (instituteId: string | null, month = MONTH) =>
  put(
    'monthClosures',
    closureId(month, instituteId),
    closedRecord({
      month,
      instituteId,
      at: NOW.toISOString(),
      byUserId: ROOT_ADMIN.id,
      byUserName: ROOT_ADMIN.name,
    }) as unknown as Record<string, unknown>,
  );

const pushOne = (cookie: string, m: Mutation): Promise<MutationResult> =>
  pushOneTo(server.url, ORG, cookie, m, { clientId: `device-${cookie.slice(-6)}` });

const refused: unknown = expect.objectContaining({
  status: 'rejected',
  reason: 'forbidden',
  detail: 'month-not-closed',
});
const applied: unknown = expect.objectContaining({ status: 'applied' });
const signInAs = (who: Who) => signIn(server.url, ORG, PEOPLE[who].email, PEOPLE[who].password);
const answered = async () => (await storeOf(server, ORG)).statementAcks.map((a) => a.teacherUserId).sort();

describe.each(backends)('$name: statement answers when months close per institute', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: NOW });
  beforeEach(() => {
    ({ server, root } = org);
  });

  it('a teacher of institute A answers once A is closed, B still open', async () => {
    const fatou = await signInAs('fatou');
    expect(await pushOne(fatou, ack('fatou'))).toEqual(applied);
    expect(await answered()).toEqual([PEOPLE.fatou.id]);
  });

  it('a teacher with courses in A and B is refused until both are closed', async () => {
    const moussa = await signInAs('moussa');
    expect(await pushOne(moussa, ack('moussa'))).toEqual(refused);
    expect(await answered()).toEqual([]);
    expect(await pushOne(root, closing('inst-b'))).toEqual(applied);
    expect(await pushOne(moussa, ack('moussa'))).toEqual(applied);
    expect(await answered()).toEqual([PEOPLE.moussa.id]);
  });

  it('the organisation closure closes every teacher, also one without course or with a class without institute', async () => {
    const awa = await signInAs('awa');
    const ibou = await signInAs('ibou');
    // Both institutes closed: still open for a class without institute, and for a teacher without course.
    expect(await pushOne(root, closing('inst-b'))).toEqual(applied);
    expect(await pushOne(awa, ack('awa'))).toEqual(refused);
    expect(await pushOne(ibou, ack('ibou'))).toEqual(refused);
    expect(await pushOne(root, closing(null))).toEqual(applied);
    expect(await pushOne(awa, ack('awa'))).toEqual(applied);
    expect(await pushOne(ibou, ack('ibou'))).toEqual(applied);
    expect(await answered()).toEqual([PEOPLE.awa.id, PEOPLE.ibou.id]);
  });

  it('a reopened institute closure is open again', async () => {
    const fatou = await signInAs('fatou');
    expect(await pushOne(fatou, ack('fatou', { month: '2026-10' }))).toEqual(refused);
  });

  it('what the device sends about classes or institutes is not believed', async () => {
    const moussa = await signInAs('moussa');
    // Her device claims only institute A, or a class of A: the server reads her courses itself.
    expect(
      await pushOne(
        moussa,
        ack('moussa', { instituteIds: ['inst-a'], classId: 'cls-a', instituteId: 'inst-a' }),
      ),
    ).toEqual(refused);
    expect(await answered()).toEqual([]);
  });
});
