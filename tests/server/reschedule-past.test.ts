import { describe, expect, it, vi } from 'vitest';
import type { RescheduleRequest } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import { classWeek, courseSlot, MOUSSA, putMutation, school } from '../support/builders';
import { pushOne, serverBackends, signInAs, storeOf, useSeededOrg } from './helpers';

/**
 * Issue 33 over real HTTP on every storage engine: the server refuses, by its own clock, a teacher's
 * reschedule request for a course that has started (last week's course pushed from an offline phone), and
 * accepts one for a course ahead. The course itself is not canceled by the request.
 */
const backends = await serverBackends();
const ORG = 'ecole-reprog';
const T1 = MOUSSA;

// Wednesday 25 November 2026 (week of the 23rd); last week's Wednesday is the 18th.
const week = (id: string, monday: string) =>
  classWeek(id, monday, [courseSlot(3, '10:00', '12:00', 'm-1', T1.id)]);

const orgData = () => school({ timetables: [week('t-now', '2026-11-23'), week('t-last', '2026-11-16')] });

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
  return putMutation({
    mutationId: `rq-${id}`,
    collection: 'rescheduleRequests',
    recordId: id,
    values,
    createdAt: new Date().toISOString(),
  });
}

describe.each(backends)('$name: reschedule requests only for a course not started (issue 33)', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: '2026-11-23T09:00:00.000Z' });

  it.each([
    ['last week’s course', 't-last', '2026-11-23T09:00:00.000Z', 'rejected'],
    ['this week’s course, 1 ms before it starts', 't-now', '2026-11-25T09:59:59.999Z', 'applied'],
    ['this week’s course, at its start', 't-now', '2026-11-25T10:00:00.000Z', 'rejected'],
  ])('%s', async (_label, timetableId, now, expected) => {
    vi.setSystemTime(new Date(now));
    const cookie = await signInAs(org.server.url, ORG, T1);
    const result = await pushOne(org.server.url, ORG, cookie, requestMutation('rq-1', timetableId), {
      clientId: 'phone-1',
      since: 0,
    });
    const store = await storeOf(org.server, ORG);
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
