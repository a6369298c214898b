import { beforeEach, describe, expect, it } from 'vitest';
import { trustFlags } from '../../src/domain/attendance/trust';
import type { PlanningLog, StoreV1, User } from '../../src/domain/store/schema';
import type { ChangesResponse, Mutation, MutationResult, PushResponse } from '../../src/domain/sync/protocol';
import { SERVER_TIME_HEADER } from '../../src/domain/sync/server-time';
import {
  slot as course,
  person as schoolPerson,
  putMutation,
  weekTimetable,
  withPin,
  type Credentials,
} from '../support/builders';
import {
  api,
  enrolKiosk as enrolKioskOf,
  pushAccepted,
  serverBackends,
  signIn,
  storeOf,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Trusted attendance times over real HTTP, on every storage engine of this run: the server's clock decides
 * the check-in window and refuses future dates, stamps its receipt, accepts an automatic check-out only at
 * its computed instant, keeps the actor to the session, and a future `createdAt` does not win concurrent edits.
 */
const backends = await serverBackends();
const ORG = 'ecole-emargement';

const T1 = { id: 'u-t1', email: 'moussa@ecole.sn', password: 'Moussa@2026', pin: '135790' } as const;
const T2 = { id: 'u-t2', email: 'fatou@ecole.sn', password: 'Fatou@2026', pin: '246801' } as const;
const W = { id: 'u-vh', email: 'vh@ecole.sn', password: 'Volume@2026' } as const;

/** Two days ago (UTC): every check-in of these tests is "made offline" then, and received now. */
const DAY_MS = 86_400_000;
const pastDay = new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10);
const dow = ((new Date(`${pastDay}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const monday = new Date(Date.parse(`${pastDay}T00:00:00Z`) - (dow - 1) * DAY_MS).toISOString().slice(0, 10);
const on = (time: string, date = pastDay) => `${date}T${time}:00.000Z`;

async function person(who: Credentials & { pin?: string }, name: string, profileId: string): Promise<User> {
  const user = await schoolPerson(who, profileId, { name });
  return who.pin ? withPin(user, who.pin) : user;
}

/** 08:00-10:00 two days ago, module m-1. */
const slot = (id: string, teacherUserId: string) =>
  course({ id, dayOfWeek: dow, moduleId: 'm-1', teacherUserId });

async function orgData(): Promise<Partial<StoreV1>> {
  return {
    profiles: [{ id: 'charge-vh', name: 'Chargé VH', moduleIds: ['workload'], formFieldKeys: [] }],
    users: [
      await person(T1, 'Moussa Fall', 'teacher'),
      await person(T2, 'Fatou Ndiaye', 'teacher'),
      await person(W, 'Awa Volumes', 'charge-vh'),
    ],
    classes: [{ id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
    levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
    timetables: [
      // 0: Moussa's course, 1: Fatou's, both 08:00-10:00 two days ago.
      weekTimetable('t-1', monday, [slot('s-0', T1.id), slot('s-1', T2.id)], {
        classId: 'c-1',
        createdAt: on('07:00', monday),
      }),
    ],
  };
}

let server: RunningServer;
let admin: string;
let r0: number;

const url = (path: string) => `${server.url}${path}${path.includes('?') ? '&' : '?'}orgId=${ORG}`;

const logMutation = (values: Partial<PlanningLog> & { id: string }, createdAt = new Date().toISOString()) =>
  putMutation({ collection: 'planningLogs', recordId: values.id, values, createdAt });

const checkLog = (
  id: string,
  kind: 'in' | 'out',
  timestamp: string,
  who: { id: string | null; name: string | null },
  slotIndex = 0,
  extra: Partial<PlanningLog> = {},
): Partial<PlanningLog> & { id: string } => ({
  id,
  timestamp,
  action: kind === 'in' ? 'planning-checkin' : 'planning-checkout',
  actorUserId: who.id,
  actorUserName: who.name,
  timetableId: 't-1',
  classId: 'c-1',
  moduleId: 'm-1',
  teacherUserId: slotIndex === 0 ? T1.id : T2.id,
  slotIndex,
  ...extra,
});

const MOUSSA = { id: T1.id, name: 'Moussa Fall' };
const FATOU = { id: T2.id, name: 'Fatou Ndiaye' };
const AUTO = { id: null, name: 'AUTO' };

const push = (cookie: string, mutations: Mutation[], clientId = 'device'): Promise<PushResponse> =>
  pushAccepted(server.url, ORG, cookie, mutations, { clientId });

async function pushOne(
  cookie: string,
  values: Partial<PlanningLog> & { id: string },
): Promise<MutationResult> {
  const answer = await push(cookie, [logMutation(values)]);
  return answer.results[0]!;
}

function expectRefused(result: MutationResult, detail: string) {
  expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail });
}

const stored = async (id: string) =>
  (await storeOf(server, ORG)).planningLogs.find((l) => l.id === id) ?? null;
const enrolKiosk = () => enrolKioskOf(server.url, admin, 'Salle 3');

describe.each(backends)('$name: trusted attendance times', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData });
  beforeEach(() => {
    ({ server, root: admin, revision: r0 } = org);
  });

  it('tells the device the server time on every sync answer (header and body)', async () => {
    const before = Date.now();
    const changes = await api(url('/api/changes?since=0'), admin);
    const header = Date.parse(changes.headers.get(SERVER_TIME_HEADER) ?? '');
    const body = (await changes.json()) as ChangesResponse;
    expect(header).toBeGreaterThanOrEqual(before - 1_000);
    expect(header).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(Date.parse(body.serverTime ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    const answer = await push(t1, [logMutation(checkLog('ci-ok', 'in', on('08:05'), MOUSSA))]);
    expect(Date.parse(answer.serverTime ?? '')).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('refuses a check-in dated in the future (beyond 2 minutes) and one after the slot’s end', async () => {
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    expectRefused(await pushOne(t1, checkLog('ci-future', 'in', future, MOUSSA)), 'future-time');
    expectRefused(await pushOne(t1, checkLog('ci-end', 'in', on('10:00'), MOUSSA)), 'ended');
    expectRefused(await pushOne(t1, checkLog('ci-late', 'in', on('13:50'), MOUSSA)), 'ended');
    expectRefused(await pushOne(t1, checkLog('ci-early', 'in', on('07:29'), MOUSSA)), 'too-early');
    expect(await stored('ci-future')).toBeNull();
    expect(await stored('ci-late')).toBeNull();
    // the last second of the course is still accepted, from a device that has not talked to the server since
    // (this session's pushes above were contacts: a log dated before them is refused, attendance-forgery.test)
    const fresh = await signIn(server.url, ORG, T1.email, T1.password);
    expect((await pushOne(fresh, checkLog('ci-last', 'in', on('09:59'), MOUSSA))).status).toBe('applied');
  });

  it('stores an offline check-in of a skewed device with the estimated server time, its receipt and flags', async () => {
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    const before = Date.now();
    // The phone's clock is 3 hours behind; its estimate of the server time (last sync) says 08:05. It was
    // offline two days, and tried to stamp its own receipt time.
    const log = checkLog('ci-skew', 'in', on('08:05'), MOUSSA, 0, {
      deviceTimestamp: on('05:05'),
      receivedAt: on('08:05'),
      recordedVia: 'kiosk',
    });
    expect((await pushOne(t1, log)).status).toBe('applied');
    const saved = await stored('ci-skew');
    expect(saved).toMatchObject({
      timestamp: on('08:05'),
      deviceTimestamp: on('05:05'),
      recordedVia: 'user',
    });
    const receivedAt = Date.parse(saved?.receivedAt ?? '');
    expect(receivedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(receivedAt).toBeLessThanOrEqual(Date.now() + 1_000);
    // Received after the course's end; dated before the sign-in that sent it (the device may have changed hands).
    expect(trustFlags(saved!)).toEqual(['clock-skew', 'late-receipt', 'device-handover']);
    // The device learns the stamps at its next pull.
    const page = (await (await api(url(`/api/changes?since=${r0}`), t1)).json()) as ChangesResponse;
    expect(page.changes.find((c) => c.id === 'ci-skew')?.data).toMatchObject({ recordedVia: 'user' });
  });

  it('refuses a forged actor: another person’s name, or AUTO on a manual check', async () => {
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    const asAdmin = { id: T1.id, name: 'Admin Racine' };
    expectRefused(await pushOne(t1, checkLog('ci-forged', 'in', on('08:05'), asAdmin)), 'actor-mismatch');
    expectRefused(
      await pushOne(t1, checkLog('ci-auto-name', 'in', on('08:05'), { id: T1.id, name: 'AUTO' })),
      'actor-mismatch',
    );
    expectRefused(await pushOne(t1, checkLog('ci-other', 'in', on('08:05'), FATOU)), 'actor-mismatch');
    expect(await stored('ci-forged')).toBeNull();
  });

  it('accepts an automatic check-out only at the computed instant: min(check-in + duration, end)', async () => {
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    expect((await pushOne(t1, checkLog('ci-1', 'in', on('08:05'), MOUSSA))).status).toBe('applied');
    const auto = (timestamp: string) =>
      checkLog('auto-ci-1', 'out', timestamp, AUTO, 0, { note: 'départ automatique' });
    // check-in + 2 h would credit 2 h for a course that ended at 10:00
    expectRefused(await pushOne(t1, auto(on('10:05'))), 'auto-time-mismatch');
    expectRefused(await pushOne(t1, auto(on('08:06'))), 'auto-time-mismatch');
    // an automatic check-out of a check-in the server does not hold
    expectRefused(await pushOne(t1, { ...auto(on('10:00')), id: 'auto-ci-unknown' }), 'checkin-not-found');
    expect((await pushOne(t1, auto(on('10:00')))).status).toBe('applied');
    expect(await stored('auto-ci-1')).toMatchObject({ timestamp: on('10:00'), actorUserName: 'AUTO' });
  });

  it('refuses a workload-only user’s check-out on a teacher’s slot (manual or disguised as automatic)', async () => {
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    expect((await pushOne(t1, checkLog('ci-2', 'in', on('08:05'), MOUSSA))).status).toBe('applied');
    const vh = await signIn(server.url, ORG, W.email, W.password);
    // one minute after the check-in, as an "automatic" check-out
    expectRefused(
      await pushOne(vh, checkLog('auto-ci-2', 'out', on('08:06'), AUTO, 0, { note: 'départ automatique' })),
      'auto-time-mismatch',
    );
    expectRefused(
      await pushOne(
        vh,
        checkLog('co-vh', 'out', on('08:06'), { id: W.id, name: 'Awa Volumes' }, 0, { checkinLogId: 'ci-2' }),
      ),
      'not-own-slot',
    );
    expect(await stored('auto-ci-2')).toBeNull();
  });

  it('refuses a kiosk’s check-out of a teacher who checked in elsewhere, or at a forged automatic time', async () => {
    const t2 = await signIn(server.url, ORG, T2.email, T2.password);
    // Fatou checks in on her own phone.
    expect((await pushOne(t2, checkLog('ci-3', 'in', on('08:05'), FATOU, 1))).status).toBe('applied');
    const kiosk = await enrolKiosk();
    expectRefused(
      await pushOne(kiosk, checkLog('co-kiosk', 'out', on('08:06'), FATOU, 1, { checkinLogId: 'ci-3' })),
      'not-kiosk-checkin',
    );
    expectRefused(
      await pushOne(kiosk, checkLog('co-kiosk-2', 'out', on('08:06'), FATOU, 1)),
      'checkin-not-found',
    );
    expectRefused(
      await pushOne(
        kiosk,
        checkLog('auto-ci-3', 'out', on('08:06'), AUTO, 1, { note: 'départ automatique' }),
      ),
      'auto-time-mismatch',
    );
    // A check-in made on a kiosk (PIN) may be closed there (offline: both leave in the kiosk's next batch).
    const kiosk2 = await enrolKiosk();
    const close = checkLog('co-4', 'out', on('09:30'), MOUSSA, 0, { checkinLogId: 'ci-4' });
    const both = await push(kiosk2, [
      logMutation(checkLog('ci-4', 'in', on('08:05'), MOUSSA)),
      logMutation(close),
    ]);
    expect(both.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await stored('ci-4')).toMatchObject({ recordedVia: 'kiosk' });
  });

  it('refuses a manual check-out outside its check-in’s open time', async () => {
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    expect((await pushOne(t1, checkLog('ci-5', 'in', on('08:05'), MOUSSA))).status).toBe('applied');
    const out = (id: string, time: string) =>
      checkLog(id, 'out', on(time), MOUSSA, 0, { checkinLogId: 'ci-5' });
    expectRefused(await pushOne(t1, out('co-before', '08:00')), 'not-in-progress');
    expectRefused(await pushOne(t1, out('co-after', '10:01')), 'not-in-progress');
    // From a session that has not talked since 09:45 (t1's refused pushes were contacts).
    const fresh = await signIn(server.url, ORG, T1.email, T1.password);
    expect((await pushOne(fresh, out('co-ok', '09:45'))).status).toBe('applied');
  });

  it('refuses a user’s check-out that is not after a stored check-in of the slot', async () => {
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    expect((await pushOne(t1, checkLog('ci-7', 'in', on('08:05'), MOUSSA))).status).toBe('applied');
    // No check-in named: it would close nothing the server can check (and pay from any check-in).
    expectRefused(await pushOne(t1, checkLog('co-none', 'out', on('09:00'), MOUSSA)), 'checkin-not-found');
    expectRefused(
      await pushOne(t1, checkLog('co-unknown', 'out', on('09:00'), MOUSSA, 0, { checkinLogId: 'ci-404' })),
      'checkin-not-found',
    );
    expectRefused(
      await pushOne(t1, checkLog('co-same', 'out', on('08:05'), MOUSSA, 0, { checkinLogId: 'ci-7' })),
      'not-in-progress',
    );
    expect(await stored('co-none')).toBeNull();
    // Offline, the check-in and its check-out leave in one batch: the check-out finds the check-in.
    const t2 = await signIn(server.url, ORG, T2.email, T2.password);
    const answer = await push(t2, [
      logMutation(checkLog('ci-8', 'in', on('08:05'), FATOU, 1)),
      logMutation(checkLog('co-8', 'out', on('09:30'), FATOU, 1, { checkinLogId: 'ci-8' })),
    ]);
    expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });

  it('lets planning.consulter.actions correct a time with a reason; nobody else', async () => {
    const t1 = await signIn(server.url, ORG, T1.email, T1.password);
    expect(
      (await pushOne(t1, checkLog('ci-6', 'in', on('08:05'), MOUSSA, 0, { deviceTimestamp: on('05:05') })))
        .status,
    ).toBe('applied');
    const correction = (id: string, who: { id: string; name: string }, note: string) => ({
      ...checkLog(id, 'in', new Date().toISOString(), who),
      action: 'planning-correction' as const,
      correctsLogId: 'ci-6',
      correctedTimestamp: on('08:00'),
      note,
    });
    expectRefused(await pushOne(t1, correction('k-t1', MOUSSA, 'je suis arrivé tôt')), 'not-permitted');
    const root = { id: 'u-root', name: 'Admin Racine' };
    expectRefused(await pushOne(admin, correction('k-empty', root, '  ')), 'correction-reason-required');
    expect((await pushOne(admin, correction('k-ok', root, 'horloge du téléphone'))).status).toBe('applied');
    expect(await stored('k-ok')).toMatchObject({
      correctedTimestamp: on('08:00'),
      actorUserName: 'Admin Racine',
    });
    expect(await stored('ci-6')).toMatchObject({ timestamp: on('08:05') }); // the original is kept
  });

  it('clamps a future createdAt to the receipt time: a device clock in 2099 does not win later edits', async () => {
    const edit = (name: string, createdAt: string) => ({
      mutationId: `lv-${name}-${Math.random().toString(36).slice(2)}`,
      collection: 'levels' as const,
      recordId: 'l-1',
      op: 'put' as const,
      changedFields: ['name'],
      values: { name },
      baseRevision: r0,
      createdAt,
    });
    await push(admin, [edit('Futur', '2099-01-01T00:00:00.000Z')], 'device-2099');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A second device that had not seen that edit writes later, with a correct clock.
    await push(admin, [edit('Plus tard', new Date().toISOString())], 'device-ok');
    const level = (await storeOf(server, ORG)).levels.find((l) => l.id === 'l-1');
    expect(level?.name).toBe('Plus tard');
  });
});
