import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStore } from '../../server/sync-service';
import { closedRecord, closureId } from '../../src/domain/payroll/closing';
import { ORG, AT, ROOT, at, APR, closingOrgData, closingMutation, deviceOf } from './closing-school';
import type { Mutation, MutationResult } from '../../src/domain/sync/protocol';
import { pushResults, serverBackends, signIn, storeOf, useSeededOrg, type RunningServer } from './helpers';

/**
 * Issue 31: on PostgreSQL a group of batches asks at once the records the last groups' records named (a
 * timetable's class, the class's institute's month closure: postgres-write-group.ts RelatedGuess). A guess
 * only: a class moved to another institute since is read as it is now, and the closure that counts is the
 * new institute's. Run on every storage engine (SQLite has no guess: same answers).
 */
const backends = await serverBackends();
let server: RunningServer;
let root: string;
const setNow = (date: string, time: string) => vi.setSystemTime(new Date(at(date, time)));
const orgData = closingOrgData;
const mutation = closingMutation;

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
