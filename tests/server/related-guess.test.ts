import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStore } from '../../server/sync-service';
import { closedRecord, closureId } from '../../src/domain/payroll/closing';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation, MutationResult } from '../../src/domain/sync/protocol';
import { courseSlot, mutationNow, person, weekTimetable } from '../support/builders';
import {
  pushResults,
  ROOT_ADMIN,
  serverBackends,
  signIn,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 31: on PostgreSQL a group of batches asks at once the records the last groups' records named (a
 * timetable's class, the class's institute's month closure: postgres-write-group.ts RelatedGuess). A guess
 * only: a class moved to another institute since is read as it is now, and the closure that counts is the
 * new institute's. Run on every storage engine (SQLite has no guess: same answers).
 */
const backends = await serverBackends();
const ORG = 'ecole-cloture';
const AT = { id: 'u-at', name: 'Aminata Sow', email: 'aminata@ecole.sn', password: 'Aminata@2026' } as const;
const RH = {
  id: 'u-rh',
  name: 'Rokhaya Ndiaye',
  email: 'rokhaya@ecole.sn',
  password: 'Rokhaya@2026',
} as const;
const ROOT: { id: string; name: string } = { id: ROOT_ADMIN.id, name: ROOT_ADMIN.name };
const at = (date: string, time: string) => `${date}T${time}:00.000Z`;
const setNow = (date: string, time: string) => vi.setSystemTime(new Date(at(date, time)));
// Thursday 30 April and Friday 1 May 2026: one week timetable across two months.
const APR = '2026-04-30';

const user = (u: typeof AT | typeof RH, profileId: string) => person(u, profileId, { name: u.name });

async function orgData(): Promise<Partial<StoreV1>> {
  return {
    profiles: [
      // Admin-type (users, profiles, contracts.compliance) but no settings: not a full administrator.
      {
        id: 'rh',
        name: 'Ressources humaines',
        moduleIds: ['user-mgmt', 'users', 'profiles', 'contracts.compliance', 'planning.consulter'],
        formFieldKeys: [],
      },
    ],
    users: [await user(AT, 'teacher'), await user(RH, 'rh')],
    institutes: [
      { id: 'i-1', name: 'Institut Polytechnique', abbr: 'IP' },
      { id: 'i-2', name: 'Institut de Gestion', abbr: 'IG' },
    ],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    classes: [
      { id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' },
      { id: 'c-2', code: 'L1-GEST', levelId: 'l-1', instituteId: 'i-2' },
    ],
    timetables: [
      // 0: Thursday 30 April 08:00-10:00; 1: Friday 1 May 08:00-10:00.
      weekTimetable(
        't-1',
        '2026-04-27',
        [
          courseSlot(4, '08:00', '10:00', 'm-1', AT.id, { id: 's-thu' }),
          courseSlot(5, '08:00', '10:00', 'm-1', AT.id, { id: 's-fri' }),
        ],
        { classId: 'c-1', createdAt: '2026-04-20T08:00:00.000Z' },
      ),
      // 0: Thursday 30 April 13:00-15:00.
      weekTimetable('t-2', '2026-04-27', [courseSlot(4, '13:00', '15:00', 'm-2', AT.id, { id: 's-gest' })], {
        classId: 'c-2',
        createdAt: '2026-04-20T08:00:00.000Z',
      }),
    ],
  };
}

let server: RunningServer;
let root: string;

function mutation(
  collection: Mutation['collection'],
  id: string,
  values: Record<string, unknown>,
  base = 0,
  op: 'put' | 'delete' = 'put',
): Mutation {
  const put = mutationNow({ collection, recordId: id, values, baseRevision: base });
  return op === 'put' ? put : { ...put, op, changedFields: [], values: undefined };
}

/** One device per session (a device id belongs to one person). */
const deviceOf = (cookie: string) => `device-${cookie.slice(-16).replace(/[^A-Za-z0-9]/g, '')}`;

const push = (
  cookie: string,
  mutations: Mutation[],
  clientId = deviceOf(cookie),
): Promise<MutationResult[]> => pushResults(server.url, ORG, cookie, mutations, { clientId });
const pushOne = async (cookie: string, m: Mutation, clientId = deviceOf(cookie)) =>
  (await push(cookie, [m], clientId))[0]!;

function expectRefused(result: MutationResult, detail: string) {
  expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail });
}

const store = () => storeOf(server, ORG);
const revision = async () => (await readStore(server.storage, ORG)).revision;
const log = async (id: string) => (await store()).planningLogs.find((l) => l.id === id) ?? null;

type Course = { timetableId: string; classId: string; moduleId: string; slotIndex: number };
const THU: Course = { timetableId: 't-1', classId: 'c-1', moduleId: 'm-1', slotIndex: 0 };

const check = (id: string, kind: 'in' | 'out', course: Course, date: string, time: string) =>
  mutation('planningLogs', id, {
    ...(kind === 'out' ? { checkinLogId: id.replace(/^co-/, 'ci-') } : {}),
    id,
    timestamp: at(date, time),
    action: kind === 'in' ? 'planning-checkin' : 'planning-checkout',
    actorUserId: AT.id,
    actorUserName: AT.name,
    teacherUserId: AT.id,
    ...course,
  });

/** A closing as a device writes it (its own idea of the time and person, which the server replaces). */
const closing = (month: string, instituteId: string | null, who: { id: string; name: string } = ROOT) =>
  mutation(
    'monthClosures',
    closureId(month, instituteId),
    closedRecord({
      month,
      instituteId,
      at: '2020-01-01T00:00:00.000Z',
      byUserId: who.id,
      byUserName: who.name,
    }) as unknown as Record<string, unknown>,
  );

describe.each(backends)('$name: related records guessed from earlier groups', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: at('2026-04-29', '06:00') });
  beforeEach(() => {
    ({ server, root } = org);
  });

  it('a class moved to another institute: its next check-out meets the new institute’s closed month', async () => {
    const aminata = await signIn(server.url, ORG, AT.email, AT.password);
    setNow(APR, '08:00');
    expect((await pushOne(aminata, check('ci-thu', 'in', THU, APR, '08:00'))).status).toBe('applied');
    // That group read c-1 and the closures of i-1's April. Now i-2's April is closed and c-1 moves to i-2.
    setNow('2026-05-02', '10:00');
    expect((await pushOne(root, closing('2026-04', 'i-2'))).status).toBe('applied');
    const moved = { id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-2' };
    expect((await pushOne(root, mutation('classes', 'c-1', moved, await revision()))).status).toBe('applied');
    expectRefused(await pushOne(aminata, check('co-thu', 'out', THU, APR, '09:00')), 'month-closed');
    // Nothing of the refused check-out is stored.
    expect(await log('co-thu')).toBeNull();
  });
});
