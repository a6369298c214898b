import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStore } from '../../server/sync-service';
import { realSessions, sessionsMinutes } from '../../src/domain/attendance/real-time';
import { monthAdjustments } from '../../src/domain/payroll/adjustments';
import { closedRecord, closureId } from '../../src/domain/payroll/closing';
import { ORG, AT, RH, ROOT, at, APR, MAY, closingOrgData, closingMutation, deviceOf } from './closing-school';
import type { Mutation, MutationResult } from '../../src/domain/sync/protocol';
import { monthRange } from '../../src/domain/time/period';
import {
  api,
  cookieFrom,
  pushResults,
  ROOT_ADMIN,
  serverBackends,
  signIn,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Issue 32, month closing, over real HTTP on every storage engine (server clock set, Date only). April 2026
 * is closed once it is over: a check log dated in it is refused (an offline device's late push too), a slot of
 * it cannot change, a correction of it lands in May as a dated adjustment (April's figures unchanged, the
 * original and its author kept); only a full administrator closes or reopens, reopening needs a reason and
 * is kept in the closure's history; an institute's closure covers its classes only.
 */
const backends = await serverBackends();
let server: RunningServer;
let root: string;
const url = (path: string) => `${server.url}${path}?orgId=${ORG}`;
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
const FRI: Course = { timetableId: 't-1', classId: 'c-1', moduleId: 'm-1', slotIndex: 1 };
const GEST: Course = { timetableId: 't-2', classId: 'c-2', moduleId: 'm-2', slotIndex: 0 };

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

const correction = (
  id: string,
  corrects: string | null,
  course: Course,
  date: string,
  time: string,
  extra = {},
) =>
  mutation('planningLogs', id, {
    id,
    timestamp: corrects ? new Date().toISOString() : at(date, time),
    action: 'planning-correction',
    actorUserId: ROOT.id,
    actorUserName: ROOT.name,
    teacherUserId: AT.id,
    ...course,
    correctsLogId: corrects,
    correctedTimestamp: at(date, time),
    note: 'Départ oublié',
    ...extra,
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

const reopening = async (month: string, reason: string, instituteId: string | null = null) =>
  mutation(
    'monthClosures',
    closureId(month, instituteId),
    { status: 'reopened', reopenReason: reason },
    await revision(),
  );

/** Aminata's Thursday course: arrived 08:00, left at 09:00 (one hour of two), pushed on time. */
async function thursdayCourse(aminata: string): Promise<void> {
  setNow(APR, '08:00');
  expect((await pushOne(aminata, check('ci-thu', 'in', THU, APR, '08:00'))).status).toBe('applied');
  setNow(APR, '09:00');
  expect((await pushOne(aminata, check('co-thu', 'out', THU, APR, '09:00'))).status).toBe('applied');
}

describe.each(backends)('$name: month closing', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData, now: at('2026-04-29', '06:00') });
  beforeEach(() => {
    ({ server, root } = org);
  });

  it('closes a month only once it is over, stamped with the server’s time and the administrator', async () => {
    // The last instant of April: not over yet.
    vi.setSystemTime(new Date('2026-04-30T23:59:59.999Z'));
    expectRefused(await pushOne(root, closing('2026-04', null)), 'month-not-over');
    expect((await store()).monthClosures).toEqual([]);
    setNow('2026-05-02', '10:00');
    expect((await pushOne(root, closing('2026-04', null))).status).toBe('applied');
    const [closure] = (await store()).monthClosures;
    expect(closure).toMatchObject({
      id: 'closure-2026-04-org',
      month: '2026-04',
      instituteId: null,
      status: 'closed',
      closedAt: '2026-05-02T10:00:00.000Z',
      closedByUserId: ROOT.id,
      closedByUserName: ROOT.name,
      history: [
        { action: 'close', at: '2026-05-02T10:00:00.000Z', byUserId: ROOT.id, byUserName: ROOT.name },
      ],
    });
    // Closing it again changes nothing; a closure is never deleted.
    expectRefused(
      await pushOne(root, mutation('monthClosures', closure!.id, {}, await revision(), 'delete')),
      'closure-permanent',
    );
    expect((await store()).monthClosures).toHaveLength(1);
  });

  it('refuses a check-out of the closed month pushed late by an offline device, and its slots; May stays open', async () => {
    const aminata = await signIn(server.url, ORG, AT.email, AT.password);
    setNow(APR, '08:00');
    expect((await pushOne(aminata, check('ci-thu', 'in', THU, APR, '08:00'))).status).toBe('applied');
    setNow(MAY, '08:00');
    expect((await pushOne(aminata, check('ci-fri', 'in', FRI, MAY, '08:00'))).status).toBe('applied');
    setNow('2026-05-02', '10:00');
    expect((await pushOne(root, closing('2026-04', null))).status).toBe('applied');
    // Her phone was offline since Thursday 09:00: the check-out it kept is refused, nothing of it written.
    const [late, may] = await push(aminata, [
      check('co-thu', 'out', THU, APR, '09:00'),
      check('co-fri', 'out', FRI, MAY, '10:00'),
    ]);
    expectRefused(late!, 'month-closed');
    expect(may!.status).toBe('applied');
    expect(await log('co-thu')).toBeNull();
    expect(await log('co-fri')).not.toBeNull();
    // Thursday's slot (30 April) cannot change any more; Friday's (1 May) of the same week can.
    const timetable = (await store()).timetables.find((t) => t.id === 't-1')!;
    const cancel = (index: number) =>
      timetable.slots.map((s, i) => (i === index ? { ...s, canceled: true } : s));
    const base = await revision();
    expectRefused(
      await pushOne(root, mutation('timetables', 't-1', { slots: cancel(0) }, base)),
      'month-closed',
    );
    expect((await pushOne(root, mutation('timetables', 't-1', { slots: cancel(1) }, base))).status).toMatch(
      /applied|merged/,
    );
    const slots = (await store()).timetables.find((t) => t.id === 't-1')!.slots;
    expect(slots.map((s) => s.canceled)).toEqual([false, true]);
    // Deleting the week's timetable would erase April's course: refused.
    expectRefused(
      await pushOne(root, mutation('timetables', 't-1', {}, await revision(), 'delete')),
      'month-closed',
    );
  });

  it('turns a correction after closing into a dated adjustment of May; April unchanged, original and author kept', async () => {
    const aminata = await signIn(server.url, ORG, AT.email, AT.password);
    await thursdayCourse(aminata);
    setNow('2026-05-02', '10:00');
    expect((await pushOne(root, closing('2026-04', null))).status).toBe('applied');
    setNow('2026-05-04', '09:00');
    // The device says nothing of an adjustment (or claims April): the server decides.
    expect(
      (await pushOne(root, correction('k-1', 'co-thu', THU, APR, '10:00', { adjustmentMonth: '2026-04' })))
        .status,
    ).toBe('applied');
    expect(await log('k-1')).toMatchObject({
      adjustmentMonth: '2026-05',
      correctsLogId: 'co-thu',
      correctedTimestamp: at(APR, '10:00'),
      actorUserId: ROOT.id,
      actorUserName: ROOT.name,
      note: 'Départ oublié',
      receivedAt: '2026-05-04T09:00:00.000Z',
    });
    // The original check-out is kept as it was.
    expect(await log('co-thu')).toMatchObject({ timestamp: at(APR, '09:00'), actorUserId: AT.id });
    const { planningLogs, timetables } = await store();
    const now = '2026-05-04T09:00:00.000Z';
    const april = sessionsMinutes(
      realSessions({ logs: planningLogs, range: monthRange('2026-04-15'), now, timetables }),
    );
    expect(april).toBe(60);
    const may = monthAdjustments({ logs: planningLogs, timetables, month: '2026-05', now });
    expect(may.map((a) => [a.date, a.deltaMinutes, a.actorUserName])).toEqual([[APR, 60, ROOT.name]]);
    // A missing check recorded after closing is an adjustment too (GEST's Thursday, nobody checked in).
    expect(
      (
        await pushOne(
          root,
          correction('r-1', null, GEST, APR, '13:00', {
            recordsAction: 'planning-checkin',
            note: 'Arrivée oubliée',
          }),
        )
      ).status,
    ).toBe('applied');
    expect(await log('r-1')).toMatchObject({ adjustmentMonth: '2026-05', recordsAction: 'planning-checkin' });
  });

  it('skips every closed month: with May closed too, a correction of April lands in June', async () => {
    const aminata = await signIn(server.url, ORG, AT.email, AT.password);
    await thursdayCourse(aminata);
    setNow('2026-06-01', '08:00');
    // (Sessions last 30 days at most.)
    root = await signIn(server.url, ORG, ROOT_ADMIN.email, ROOT_ADMIN.password);
    expect(
      (await push(root, [closing('2026-04', null), closing('2026-05', 'i-1')])).map((r) => r.status),
    ).toEqual(['applied', 'applied']);
    expect((await pushOne(root, correction('k-2', 'co-thu', THU, APR, '10:00'))).status).toBe('applied');
    expect(await log('k-2')).toMatchObject({ adjustmentMonth: '2026-06' });
  });

  it('an institute’s closure covers its own classes only', async () => {
    const aminata = await signIn(server.url, ORG, AT.email, AT.password);
    setNow(APR, '08:00');
    await pushOne(aminata, check('ci-thu', 'in', THU, APR, '08:00'));
    setNow(APR, '13:00');
    await pushOne(aminata, check('ci-gest', 'in', GEST, APR, '13:00'));
    setNow('2026-05-02', '10:00');
    expect((await pushOne(root, closing('2026-04', 'i-1'))).status).toBe('applied');
    const [info, gest] = await push(aminata, [
      check('co-thu', 'out', THU, APR, '09:00'),
      check('co-gest', 'out', GEST, APR, '15:00'),
    ]);
    expectRefused(info!, 'month-closed');
    expect(gest!.status).toBe('applied');
    // A correction of the other institute's April applies in place.
    expect((await pushOne(root, correction('k-g', 'co-gest', GEST, APR, '14:30'))).status).toBe('applied');
    expect((await log('k-g'))?.adjustmentMonth ?? null).toBeNull();
  });

  it('only a full administrator closes or reopens; reopening needs a reason and is journaled', async () => {
    const aminata = await signIn(server.url, ORG, AT.email, AT.password);
    const rh = await signIn(server.url, ORG, RH.email, RH.password);
    setNow(APR, '08:00');
    expect((await pushOne(aminata, check('ci-thu', 'in', THU, APR, '08:00'))).status).toBe('applied');
    setNow('2026-05-02', '10:00');
    // A teacher, an admin-type profile (users, profiles, compliance, no settings), a kiosk: refused.
    expectRefused(await pushOne(aminata, closing('2026-04', null, AT)), 'not-administrator');
    expectRefused(await pushOne(rh, closing('2026-04', null, RH)), 'not-administrator');
    const enrol = await api(url('/api/kiosks'), root, { method: 'POST', body: { name: 'Salle 12' } });
    expect(enrol.status).toBe(201);
    const kiosk = cookieFrom(enrol, 'kiosk')!;
    expectRefused(await pushOne(kiosk, closing('2026-04', null), 'kiosk-device'), 'not-permitted');
    expect((await store()).monthClosures).toEqual([]);

    expect((await pushOne(root, closing('2026-04', null))).status).toBe('applied');
    setNow('2026-05-03', '11:00');
    expectRefused(await pushOne(aminata, await reopening('2026-04', 'erreur')), 'not-administrator');
    expectRefused(await pushOne(rh, await reopening('2026-04', 'erreur')), 'not-administrator');
    expectRefused(
      await pushOne(kiosk, await reopening('2026-04', 'erreur'), 'kiosk-device'),
      'not-permitted',
    );
    expectRefused(await pushOne(root, await reopening('2026-04', '   ')), 'reopen-reason-required');
    expect((await store()).monthClosures[0]!.status).toBe('closed');

    expect((await pushOne(root, await reopening('2026-04', 'Heures de Mme Sow oubliées'))).status).toBe(
      'applied',
    );
    expect((await store()).monthClosures[0]).toMatchObject({
      status: 'reopened',
      reopenedAt: '2026-05-03T11:00:00.000Z',
      reopenedByUserId: ROOT.id,
      reopenReason: 'Heures de Mme Sow oubliées',
      history: [
        { action: 'close', at: '2026-05-02T10:00:00.000Z', byUserId: ROOT.id },
        {
          action: 'reopen',
          at: '2026-05-03T11:00:00.000Z',
          byUserId: ROOT.id,
          reason: 'Heures de Mme Sow oubliées',
        },
      ],
    });
    // Open again: a correction of April applies in place.
    setNow('2026-05-03', '12:00');
    expect((await pushOne(root, correction('k-open', 'ci-thu', THU, APR, '08:00'))).status).toBe('applied');
    expect((await log('k-open'))?.adjustmentMonth ?? null).toBeNull();
    // Closed again: the history keeps all three.
    expect(
      (await pushOne(root, { ...closing('2026-04', null), baseRevision: await revision() })).status,
    ).toMatch(/applied|merged/);
    expect((await store()).monthClosures[0]!.history.map((e) => e.action)).toEqual([
      'close',
      'reopen',
      'close',
    ]);
  });
});
