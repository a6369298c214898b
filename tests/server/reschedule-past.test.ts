import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStore } from '../../server/sync-service';
import type { RescheduleRequest, StoreV1 } from '../../src/domain/store/schema';
import type { Mutation, PushResponse } from '../../src/domain/sync/protocol';
import { courseSlot, teacher } from '../support/builders';
import {
  api,
  seedOrg,
  serverBackends,
  signIn,
  startServer,
  type RunningServer,
  type TestDatabase,
} from './helpers';

/**
 * Issue 33 over real HTTP on every storage engine: the server refuses, by its own clock, a teacher's
 * reschedule request for a course that has started (last week's course pushed from an offline phone), and
 * accepts one for a course ahead. The course itself is not canceled by the request.
 */
const backends = await serverBackends();
const ORG = 'ecole-reprog';
const T1 = { id: 'u-t1', email: 'moussa@ecole.sn', password: 'Moussa@2026' } as const;

// Wednesday 25 November 2026 (week of the 23rd); last week's Wednesday is the 18th.
const week = (id: string, monday: string) => ({
  id,
  periodicity: 'week' as const,
  year: 2026,
  weekStartDate: monday,
  classId: 'c-1',
  createdAt: `${monday}T06:00:00.000Z`,
  slots: [courseSlot(3, '10:00', '12:00', 'm-1', T1.id)],
});

async function orgData(): Promise<Partial<StoreV1>> {
  return {
    users: [await teacher(T1, { name: 'Moussa Fall' })],
    classes: [{ id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    timetables: [week('t-now', '2026-11-23'), week('t-last', '2026-11-16')],
  };
}

let server: RunningServer;
let data: TestDatabase;

function requestMutation(id: string, timetableId: string): Mutation {
  const values: RescheduleRequest = {
    id,
    timetableId,
    slotIndex: 0,
    classId: 'c-1',
    moduleId: 'm-1',
    teacherUserId: T1.id,
    requestedAt: new Date().toISOString(),
    reason: 'Jury',
    proposedDate: '2026-11-27',
    proposedStartTime: '10:00',
    proposedEndTime: '12:00',
    status: 'pending',
    approvedAt: null,
    approvedByUserId: null,
    approvedByUserName: null,
    actor: 'Moussa Fall',
  };
  return {
    mutationId: `rq-${id}`,
    collection: 'rescheduleRequests',
    recordId: id,
    op: 'put',
    changedFields: Object.keys(values),
    values,
    baseRevision: 0,
    createdAt: new Date().toISOString(),
  };
}

describe.each(backends)('$name: reschedule requests only for a course not started (issue 33)', (backend) => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
    data = await backend.fresh();
    server = await startServer(data);
    await seedOrg(server.url, ORG, await orgData());
  });
  afterEach(async () => {
    vi.useRealTimers();
    await server.app.close();
    await data.cleanup();
  });

  it.each([
    ['last week’s course', 't-last', '2026-11-23T09:00:00.000Z', 'rejected'],
    ['this week’s course, 1 ms before it starts', 't-now', '2026-11-25T09:59:59.999Z', 'applied'],
    ['this week’s course, at its start', 't-now', '2026-11-25T10:00:00.000Z', 'rejected'],
  ])('%s', async (_label, timetableId, now, expected) => {
    vi.setSystemTime(new Date(now));
    const cookie = await signIn(server.url, ORG, T1.email, T1.password);
    const response = await api(`${server.url}/api/mutations?orgId=${ORG}`, cookie, {
      method: 'POST',
      body: { clientId: 'phone-1', mutations: [requestMutation('rq-1', timetableId)], since: 0 },
    });
    expect(response.status).toBe(200);
    const result = ((await response.json()) as PushResponse).results[0];
    const store = (await readStore(server.storage, ORG)).store;
    if (expected === 'rejected') {
      expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail: 'occurrence-started' });
      expect(store.rescheduleRequests.find((r) => r.id === 'rq-1')).toBeUndefined();
    } else {
      expect(result?.status).not.toBe('rejected');
      expect(store.rescheduleRequests.find((r) => r.id === 'rq-1')?.status).toBe('pending');
    }
    expect(store.timetables.find((t) => t.id === timetableId)?.slots[0]?.canceled).not.toBe(true);
  });
});
