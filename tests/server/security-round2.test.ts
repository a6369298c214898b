import { spawn } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { applyServerChanges } from '../../server/auth/server-writes';
import { LIVE_MAX_PER_ADDRESS, LIVE_MAX_PER_SESSION } from '../../server/routes/live';
import { openStorage } from '../../server/storage/open-storage';
import { readStore } from '../../server/sync-service';
import { defaultProfiles } from '../../src/domain/defaults';
import { saltOf } from '../../src/domain/secrets';
import type { PlanningLog, User } from '../../src/domain/store/schema';
import type { Mutation, MutationResult, PushResponse } from '../../src/domain/sync/protocol';
import {
  courseSlot,
  fastHash,
  mutationNow as mutation,
  person as schoolPerson,
  realDay,
  type Credentials,
} from '../support/builders';
import {
  freePort,
  api,
  pushAccepted,
  cookieFrom,
  openSession,
  ROOT_ADMIN,
  seedOrg,
  serverBackends,
  signIn,
  testConfig,
  TEST_SETUP_CODE,
  useTestDb,
  type RunningServer,
  type TestDatabase,
} from './helpers';

/**
 * Issue 29, second round: each test is one attack of the report, tried over HTTP on every storage engine,
 * and fails on the code before its fix.
 */
const backends = await serverBackends();
const ORG = 'ecole-round2';

const ADMIN = { id: 'u-admin', email: 'admin@ecole.sn', password: 'Admin@2026!' } as const;
const PROFILER = { id: 'u-profils', email: 'profils@ecole.sn', password: 'Profils@2026!' } as const;
const REVIEWER = { id: 'u-conformite', email: 'conformite@ecole.sn', password: 'Conformite@2026!' } as const;
const EMERGENCY = { id: 'u-secours', email: 'secours@ecole.sn', password: 'Secours@2026!' } as const;

/** "Profils"-only: « Gestion des utilisateurs › Profils », nothing else (admin-type, not an administrator). */
const PROFILES_PROFILE = {
  id: 'profils',
  name: 'Gestion des profils',
  moduleIds: ['user-mgmt', 'profiles'],
  formFieldKeys: ['email'],
};
/** A compliance reviewer: admin-type for the spec's routing, never an administrator. */
const REVIEW_PROFILE = {
  id: 'conformite',
  name: 'Conformité',
  moduleIds: ['contracts', 'contracts.compliance'],
  formFieldKeys: ['email'],
};

/** Named by their id. */
const person = (who: Credentials, profileId: string, extra: Partial<User> = {}): Promise<User> =>
  schoolPerson(who, profileId, { name: who.id, ...extra });

let server: RunningServer;
let data: TestDatabase;
let root: string;

const url = (path: string) => `${server.url}${path}${path.includes('?') ? '&' : '?'}orgId=${ORG}`;
const userChange = (recordId: string, values: Record<string, unknown>) =>
  mutation({ collection: 'users', recordId, values });

const push = (cookie: string, mutations: Mutation[]): Promise<PushResponse> =>
  pushAccepted(server.url, ORG, cookie, mutations, { clientId: 'device-attack' });

function expectRefused(result: MutationResult | undefined, detail: string) {
  expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden', detail });
}

const revision = () => server.storage.readRevision(ORG);
const truth = async () => (await readStore(server.storage, ORG)).store;
const userOf = async (id: string) => (await truth()).users.find((u) => u.id === id);

const emergencyArea = (email: string) =>
  api(`${server.url}/api/emergency-admin`, null, {
    method: 'POST',
    body: { orgId: ORG, email, setupCode: TEST_SETUP_CODE },
  });
const orgStatus = async () =>
  (await (await api(url('/api/org-status'), null)).json()) as { needsEmergency: boolean };

interface LiveStream {
  status: number;
  isEnded: () => boolean;
  close: () => void;
}

/** GET /api/live as a browser opens it; whether the server has ended it. */
async function openLive(cookie: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(url('/api/live'), {
    headers: { accept: 'text/event-stream', cookie },
    signal: controller.signal,
  });
  let ended = false;
  if (response.body) {
    const reader = response.body.getReader();
    void (async () => {
      try {
        for (;;) if ((await reader.read()).done) break;
      } catch {
        // aborted by the test
      }
      ended = true;
    })();
  } else ended = true;
  return { status: response.status, isEnded: () => ended, close: () => controller.abort() };
}

describe.each(backends)('$name: round 2 attacks', (backend) => {
  const db = useTestDb(backend);
  beforeEach(() => {
    ({ data, server } = db);
  });

  describe('one definition of administrator (item 2)', () => {
    beforeEach(async () => {
      const seeded = await seedOrg(server.url, ORG, {
        profiles: [PROFILES_PROFILE, REVIEW_PROFILE],
        users: [
          await person(ADMIN, 'admin'),
          await person(PROFILER, PROFILES_PROFILE.id),
          await person(REVIEWER, REVIEW_PROFILE.id),
          await person(EMERGENCY, 'super-admin', { isEmergency: true }),
        ],
      });
      root = seeded.cookie;
    });

    it('a "Profils" manager cannot strip the Admin’s then the Super Admin’s profile', async () => {
      const profiler = await signIn(server.url, ORG, PROFILER.email, PROFILER.password);
      // The device's "profile deleted" write: profileId cleared, nothing else.
      const result = await push(profiler, [
        userChange(ADMIN.id, { profileId: null }),
        userChange(ROOT_ADMIN.id, { profileId: null }),
      ]);
      expectRefused(result.results[0], 'beyond-rights');
      expectRefused(result.results[1], 'beyond-rights');
      expect((await userOf(ADMIN.id))?.profileId).toBe('admin');
      expect((await userOf(ROOT_ADMIN.id))?.profileId).toBe('super-admin');
      // Nor can he delete those profiles themselves.
      const profiles = await push(profiler, [
        mutation({ collection: 'profiles', recordId: 'admin', op: 'delete', baseRevision: await revision() }),
        mutation({
          collection: 'profiles',
          recordId: 'super-admin',
          op: 'delete',
          baseRevision: await revision(),
        }),
      ]);
      expectRefused(profiles.results[0], 'beyond-rights');
      expectRefused(profiles.results[1], 'beyond-rights');
    });

    it('the last full administrator cannot be deactivated while only a reviewer and a "Profils" manager stay', async () => {
      // The Admin goes (allowed: the root stays).
      const first = await push(root, [userChange(ADMIN.id, { status: 'Inactive' })]);
      expect(first.results[0]?.status).toBe('applied');
      // The emergency account reaches every profile but is not counted: the root is the last one.
      const emergency = await signIn(server.url, ORG, EMERGENCY.email, EMERGENCY.password);
      const last = await push(emergency, [
        userChange(ROOT_ADMIN.id, { status: 'Inactive' }),
        userChange(ROOT_ADMIN.id, { status: 'Archived' }),
        userChange(ROOT_ADMIN.id, { profileId: PROFILES_PROFILE.id }),
      ]);
      for (const result of last.results) expectRefused(result, 'last-admin');
      expect((await userOf(ROOT_ADMIN.id))?.status).toBe('Active');
      // The emergency area stays closed: an administrator is active.
      expect((await orgStatus()).needsEmergency).toBe(false);
      expect((await emergencyArea('nouveau@ecole.sn')).status).toBe(409);
    });

    it('a profile edit that strips the administration modules, or deletes the profile, is refused when last', async () => {
      await push(root, [userChange(ADMIN.id, { status: 'Inactive' })]);
      const superAdmin = defaultProfiles().find((p) => p.id === 'super-admin');
      const stripped = (superAdmin?.moduleIds ?? []).filter((id) => !id.startsWith('settings'));
      const result = await push(root, [
        mutation({ collection: 'profiles', recordId: 'super-admin', values: { moduleIds: stripped } }),
        mutation({
          collection: 'profiles',
          recordId: 'super-admin',
          op: 'delete',
          baseRevision: await revision(),
        }),
      ]);
      expectRefused(result.results[0], 'last-admin');
      expectRefused(result.results[1], 'last-admin');
      const profile = (await truth()).profiles.find((p) => p.id === 'super-admin');
      expect(profile?.moduleIds).toContain('settings.donnees');
      // With the Admin active again, the Super Admin profile may be trimmed: an administrator stays.
      const back = await push(root, [userChange(ADMIN.id, { status: 'Active' })]);
      expect(back.results[0]?.status).toBe('applied');
      const trimmed = await push(root, [
        mutation({ collection: 'profiles', recordId: 'super-admin', values: { moduleIds: stripped } }),
      ]);
      expect(trimmed.results[0]?.status).toBe('applied');
    });

    it('a bulk deactivation stops before the last administrator', async () => {
      const emergency = await signIn(server.url, ORG, EMERGENCY.email, EMERGENCY.password);
      const result = await push(emergency, [
        userChange(ADMIN.id, { status: 'Inactive' }),
        userChange(ROOT_ADMIN.id, { status: 'Inactive' }),
        userChange(PROFILER.id, { status: 'Inactive' }),
      ]);
      expect(result.results[0]?.status).toBe('applied');
      expectRefused(result.results[1], 'last-admin');
      expect(result.results[2]?.status).toBe('applied');
    });

    it('a restore (PUT /api/store) without an active full administrator is refused', async () => {
      const store = await truth();
      const withoutAdmins = {
        ...store,
        users: store.users.map((u) =>
          u.profileId === 'super-admin' || u.profileId === 'admin'
            ? { ...u, status: 'Inactive' as const }
            : u,
        ),
      };
      const response = await api(url('/api/store'), root, { method: 'PUT', body: withoutAdmins });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'last-admin' });
      expect((await userOf(ROOT_ADMIN.id))?.status).toBe('Active');
    });

    it('the emergency area opens exactly when no full administrator is left (a reviewer does not count)', async () => {
      // The administrators are gone by another way (the database, an older server): only the reviewer and
      // the "Profils" manager are active.
      await applyServerChanges(
        server.storage,
        ORG,
        [ROOT_ADMIN.id, ADMIN.id].map((id) => ({
          collection: 'users' as const,
          id,
          fields: { status: 'Inactive' as const },
        })),
        new Date(),
      );
      expect((await orgStatus()).needsEmergency).toBe(true);
      // Before: 409 forever (the reviewer and the "Profils" manager counted as administrators).
      const response = await emergencyArea('directeur@ecole.sn');
      expect(response.status).toBe(200);
      expect((await orgStatus()).needsEmergency).toBe(false);
      expect((await emergencyArea('autre@ecole.sn')).status).toBe(409);
    });
  });

  describe('live streams are capped (item 5)', () => {
    beforeEach(async () => {
      root = (await seedOrg(server.url, ORG)).cookie;
    });

    it(`one session keeps at most ${LIVE_MAX_PER_SESSION} streams, the oldest closed first`, async () => {
      const streams: LiveStream[] = [];
      for (let i = 0; i < LIVE_MAX_PER_SESSION + 2; i += 1) streams.push(await openLive(root));
      try {
        expect(streams.every((s) => s.status === 200)).toBe(true);
        // Before: all 6 stayed open (one teacher session held 3,000).
        await expect
          .poll(() => streams.map((s) => s.isEnded()), { timeout: 3_000 })
          .toEqual([true, true, ...Array<boolean>(LIVE_MAX_PER_SESSION).fill(false)]);
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    it(`one address keeps at most ${LIVE_MAX_PER_ADDRESS} streams, the oldest closed first`, async () => {
      const streams: LiveStream[] = [];
      try {
        // Many sessions (a whole school behind one address), each within its own cap.
        for (let i = 0; i < LIVE_MAX_PER_ADDRESS + 1; i += 1) {
          if (i % LIVE_MAX_PER_SESSION === 0) root = await openSession(server.storage, ORG, ROOT_ADMIN.id);
          streams.push(await openLive(root));
        }
        expect(streams.every((s) => s.status === 200)).toBe(true);
        await expect.poll(() => streams.filter((s) => s.isEnded()).length, { timeout: 3_000 }).toBe(1);
        expect(streams[0]?.isEnded()).toBe(true);
      } finally {
        for (const stream of streams) stream.close();
      }
    });
  });

  describe('smaller points (item 8)', () => {
    it('the server log never holds a reset token or any query value', async () => {
      const port = await freePort();
      const { DATABASE_URL: _ignored, ...env } = process.env;
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_FILE: data.file || `${process.cwd()}/unused.sqlite`,
          STATIC_DIR: '',
          SETUP_CODE: TEST_SETUP_CODE,
          ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      try {
        const base = `http://127.0.0.1:${port}`;
        await expect
          .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, {
            timeout: 15_000,
          })
          .toBe(200);
        const token = 'SECRETTOKEN0123456789abcdef';
        expect((await fetch(`${base}/reset-password?token=${token}`)).status).toBe(404);
        await fetch(`${base}/api/org-status?orgId=${ORG}&invitation=${token}`);
        await expect.poll(() => log.includes('/reset-password'), { timeout: 5_000 }).toBe(true);
        await expect.poll(() => log.includes('/api/org-status'), { timeout: 5_000 }).toBe(true);
        // Before: "url":"/reset-password?token=SECRET…" and "Route GET:/reset-password?token=SECRET… not found".
        expect(log).not.toContain(token);
        expect(log).toContain('/reset-password?token=[masqué]');
      } finally {
        child.kill('SIGKILL');
      }
    }, 30_000);

    it('"BM" followed by HTML is no bitmap: the attachment is refused', async () => {
      const teacher = { id: 'u-prof', email: 'prof@ecole.sn', password: 'Prof@2026!!' };
      await seedOrg(server.url, ORG, { users: [await person(teacher, 'teacher')] });
      const cookie = await signIn(server.url, ORG, teacher.email, teacher.password);
      const file = (contentBase64: string) =>
        mutation({
          collection: 'teacherContractSubmissions',
          recordId: 'tc-prof',
          values: {
            id: 'tc-prof',
            teacherUserId: teacher.id,
            status: 'draft',
            attachments: [
              {
                id: 'att-1',
                kind: 'rib',
                name: 'rib.bmp',
                contentBase64,
                size: 64,
                uploadedAt: '2026-11-20T10:00:00.000Z',
              },
            ],
          },
        });
      const html = Buffer.from('BM<html><body><script>alert(document.cookie)</script></body></html>');
      const forged = await push(cookie, [file(`data:text/html;base64,${html.toString('base64')}`)]);
      expectRefused(forged.results[0], 'attachment-unsupported-type');
      // A real bitmap header passes.
      const bitmap = Buffer.alloc(70);
      bitmap.write('BM', 0, 'latin1');
      bitmap.writeUInt32LE(70, 2);
      bitmap.writeUInt32LE(54, 10);
      bitmap.writeUInt32LE(40, 14);
      const real = await push(cookie, [file(`data:image/bmp;base64,${bitmap.toString('base64')}`)]);
      expect(real.results[0]?.status).toBe('applied');
    });

    it('the setup code is compared exactly', async () => {
      const emergency = (setupCode: string) =>
        api(`${server.url}/api/emergency-admin`, null, {
          method: 'POST',
          body: { orgId: 'neuve', email: 'directrice@ecole.sn', setupCode },
        });
      // Before: all three opened the area (case, spaces and dashes were folded).
      for (const variant of ['test-setup-code-2026', 'TESTSETUPCODE2026', 'TEST SETUP CODE 2026'])
        expect((await emergency(variant)).status).toBe(403);
      expect((await emergency(TEST_SETUP_CODE)).status).toBe(200);
    });

    it('several servers started one after the other keep the first printed code', async () => {
      // A database no server has set a code in yet.
      const fresh = await backend.fresh();
      const codes: string[] = [];
      const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
      try {
        for (let i = 0; i < 3; i += 1) {
          const config = testConfig({
            dataFile: fresh.file,
            databaseUrl: fresh.databaseUrl,
            setupCode: null,
          });
          const storage = await openStorage(config);
          const app = await buildApp({ config, storage, onSetupCode: (c) => codes.push(c) });
          await app.listen({ port: 0, host: '127.0.0.1' });
          apps.push(app);
        }
        // Before: each start printed (and stored) its own code; only the last one worked.
        expect(codes).toHaveLength(1);
        const [first = ''] = codes;
        for (const app of apps) {
          const address = app.server.address();
          if (address === null || typeof address === 'string') throw new Error('no port');
          const response = await api(`http://127.0.0.1:${address.port}/api/emergency-admin`, null, {
            method: 'POST',
            body: { orgId: `neuve-${address.port}`, email: 'directrice@ecole.sn', setupCode: first },
          });
          expect(response.status).toBe(200);
        }
      } finally {
        for (const app of apps) await app.close();
        await fresh.cleanup();
      }
    });
  });

  describe('kiosk proof (item 4)', () => {
    const TEACHER = { id: 'u-moussa', email: 'moussa@ecole.sn', password: 'Moussa@2026!', pin: '135790' };
    const OTHER = { id: 'u-fatou', email: 'fatou@ecole.sn', password: 'Fatou@2026!!', pin: '246801' };
    const DIRECTOR = { id: 'u-directrice', email: 'dir@ecole.sn', password: 'Direction@2026', pin: '975310' };
    const CONTRIB = { id: 'u-contrib', email: 'contrib@ecole.sn', password: 'Contrib@2026!' };
    const { dayOfWeek, monday, since, until } = realDay();
    let kiosk: string;

    const withPin = async (who: typeof TEACHER, profileId: string) => {
      const pinHash = await fastHash(who.pin);
      return person(who, profileId, {
        pinHash,
        pinSalt: saltOf(pinHash) ?? undefined,
        pinExpiresAt: '2099-01-01T00:00:00.000Z',
      });
    };
    const pinCheck = (userId: string, pin: string) =>
      api(`${server.url}/api/auth/pin`, kiosk, { method: 'POST', body: { orgId: ORG, userId, pin } });
    const checkIn = (id: string, slotIndex: number, teacherId: string, extra: Record<string, unknown> = {}) =>
      mutation({
        collection: 'planningLogs',
        recordId: id,
        values: {
          id,
          action: 'planning-checkin',
          timestamp: new Date().toISOString(),
          actorUserId: teacherId,
          actorUserName: teacherId,
          timetableId: 'tt-today',
          classId: 'c-1',
          moduleId: 'm-1',
          teacherUserId: teacherId,
          slotIndex,
          ...extra,
        },
      });
    const storedLog = async (id: string): Promise<Record<string, unknown> | undefined> =>
      (await truth()).planningLogs.find((l: PlanningLog) => l.id === id);

    beforeEach(async () => {
      const seeded = await seedOrg(server.url, ORG, {
        users: [
          await withPin(TEACHER, 'teacher'),
          await withPin(OTHER, 'teacher'),
          // A full administrator who also teaches (holds teacher.today): her PIN hash is searchable offline.
          await withPin(DIRECTOR, 'admin'),
          await person(CONTRIB, 'contributeur'),
        ].map((u) => ({ ...u, name: u.id })),
        classes: [{ id: 'c-1', code: 'L1-INFO', levelId: 'l-1', instituteId: 'i-1' }],
        levels: [{ id: 'l-1', name: 'Licence 1', abbr: 'L1' }],
        timetables: [
          {
            id: 'tt-today',
            periodicity: 'week',
            year: Number(monday.slice(0, 4)),
            weekStartDate: monday,
            classId: 'c-1',
            createdAt: `${monday}T00:00:00.000Z`,
            slots: [
              courseSlot(dayOfWeek, since(5), until(115), 'm-1', TEACHER.id, { id: 's-0' }),
              courseSlot(dayOfWeek, since(5), until(115), 'm-1', OTHER.id, { id: 's-1' }),
            ],
          },
        ],
      });
      root = seeded.cookie;
      const enrolled = await api(`${server.url}/api/kiosks`, root, {
        method: 'POST',
        body: { name: 'Salle 12' },
      });
      expect(enrolled.status).toBe(201);
      kiosk = cookieFrom(enrolled, 'kiosk') ?? '';
    });

    it('only a full administrator enrols a kiosk or sets its roster', async () => {
      const contrib = await signIn(server.url, ORG, CONTRIB.email, CONTRIB.password);
      // Before: any admin-type profile (users, profiles, settings or compliance) enrolled one.
      const enrol = await api(`${server.url}/api/kiosks`, contrib, { method: 'POST', body: { name: 'Moi' } });
      expect(enrol.status).toBe(403);
      expect(cookieFrom(enrol, 'kiosk')).toBeNull();
      const options = await api(`${server.url}/api/kiosk/options`, `${contrib}; ${kiosk}`, {
        method: 'PUT',
        body: { listsAdmins: true },
      });
      expect(options.status).toBe(403);
      expect((await pinCheck(DIRECTOR.id, DIRECTOR.pin)).status).toBe(403);
    });

    it('a kiosk never receives an administrator’s PIN hash unless a full administrator chose it there', async () => {
      const directorOnKiosk = async () => {
        const store = (await (await api(url('/api/store'), kiosk)).json()) as {
          users: Record<string, unknown>[];
        };
        return store.users.find((u) => u.id === DIRECTOR.id);
      };
      // Before: the Super Admin's and the Admin's PIN hashes went to every kiosk.
      const hidden = await directorOnKiosk();
      expect(hidden).toBeDefined();
      expect(hidden).not.toHaveProperty('pinHash');
      const teacher = (await (await api(url('/api/store'), kiosk)).json()) as {
        users: Record<string, unknown>[];
      };
      expect(teacher.users.find((u) => u.id === TEACHER.id)).toHaveProperty('pinHash');
      const options = await api(`${server.url}/api/kiosk/options`, `${root}; ${kiosk}`, {
        method: 'PUT',
        body: { listsAdmins: true },
      });
      expect(options.status).toBe(200);
      expect(await directorOnKiosk()).toHaveProperty('pinHash');
    });

    it('a kiosk check-in counts as PIN-verified only with the server’s proof; without, « borne hors ligne »', async () => {
      const verified = await pinCheck(TEACHER.id, TEACHER.pin);
      expect(verified.status).toBe(200);
      const { proof } = (await verified.json()) as { proof: string };
      expect(proof).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
      const answer = await push(kiosk, [
        checkIn('ci-pin', 0, TEACHER.id, { pinProof: proof }),
        // Anyone's check-in without a PIN (a stolen tablet, a script with the kiosk cookie)...
        checkIn('ci-none', 1, OTHER.id),
        // ...or with another teacher's proof, or a forged one.
        checkIn('ci-other', 1, OTHER.id, { pinProof: proof, id: 'ci-other' }),
      ]);
      expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
      const good = await storedLog('ci-pin');
      expect(good?.reviewFlags ?? []).not.toContain('kiosk-offline');
      // The proof never reaches the store.
      expect(good).not.toHaveProperty('pinProof');
      // Before: both were stored as plain kiosk check-ins, paid like a PIN's.
      expect((await storedLog('ci-none'))?.reviewFlags).toContain('kiosk-offline');
      expect((await storedLog('ci-other'))?.reviewFlags).toContain('kiosk-offline');
      expect(await storedLog('ci-other')).not.toHaveProperty('pinProof');
    });

    it('PIN cooldowns are the server’s count: a kiosk can neither set one nor lift one', async () => {
      const until = new Date(Date.now() + 4 * 60_000).toISOString();
      const forged = await push(kiosk, [
        userChange(OTHER.id, { pinFailedAttempts: 0, pinCooldownUntil: until }),
      ]);
      // Before: applied (a kiosk locked any teacher out, 5 minutes at a time).
      expectRefused(forged.results[0], 'not-permitted');
      expect((await userOf(OTHER.id))?.pinCooldownUntil ?? null).toBeNull();
      // Three wrong PINs: the server counts them for this kiosk and then refuses even the right PIN here;
      // another kiosk is not locked (the last round's rule), and the teacher's record holds no cooldown.
      const statuses = [];
      for (const pin of ['000001', '000002', '000003'])
        statuses.push((await pinCheck(TEACHER.id, pin)).status);
      expect(statuses).toEqual([401, 401, 401]);
      const locked = await pinCheck(TEACHER.id, TEACHER.pin);
      expect(locked.status).toBe(403);
      expect(await locked.json()).toEqual({ error: 'cooldown' });
      const second = await api(`${server.url}/api/kiosks`, root, {
        method: 'POST',
        body: { name: 'Salle 14' },
      });
      const elsewhere = await api(`${server.url}/api/auth/pin`, cookieFrom(second, 'kiosk'), {
        method: 'POST',
        body: { orgId: ORG, userId: TEACHER.id, pin: TEACHER.pin },
      });
      expect(elsewhere.status).toBe(200);
      expect((await userOf(TEACHER.id))?.pinCooldownUntil ?? null).toBeNull();
      const lift = await push(kiosk, [
        userChange(TEACHER.id, { pinFailedAttempts: 0, pinCooldownUntil: null }),
      ]);
      expectRefused(lift.results[0], 'not-permitted');
    });
  });
});
