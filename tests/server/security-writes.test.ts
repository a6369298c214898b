import { beforeEach, describe, expect, it } from 'vitest';
import { readStore } from '../../server/sync-service';
import { configFromEnv } from '../../server/config';
import { verifySecret } from '../../src/domain/secrets';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation, MutationResult, PushResponse } from '../../src/domain/sync/protocol';
import { fastHash, mutationNow as mutation, person, withPin } from '../support/builders';
import {
  api,
  pushAccepted,
  pushChanges,
  enrolKiosk,
  ROOT_ADMIN,
  seedOrg,
  serverBackends,
  SETUP_CODE_HEADERS,
  signIn,
  useSeededOrg,
  type RunningServer,
} from './helpers';

/**
 * Escalation, forged and flooding writes, credentials and backups, as an attacker tries them over HTTP, on
 * every storage engine: each test is one attack and fails on the code before the rights were bounded.
 */
const backends = await serverBackends();
const ORG = 'ecole-droits';

const CONTRIB = { id: 'u-contrib', email: 'awa@ecole.sn', password: 'Awa@2026!' } as const;
const T1 = { id: 'u-t1', email: 'moussa.fall@ecole.sn', password: 'Moussa@2026', pin: '135790' } as const;
const T2 = { id: 'u-t2', email: 'fatou@ecole.sn', password: 'Fatou@2026' } as const;
const EMERGENCY = { id: 'u-secours', email: 'secours@ecole.sn', password: 'Secours@2026' } as const;

/** A secretary who saves and restores the data (settings.donnees) and nothing of users or profiles. */
const DATA_CLERK = { id: 'u-donnees', email: 'khady@ecole.sn', password: 'Khady@2026!' } as const;
const DATA_PROFILE = {
  id: 'donnees',
  name: 'Sauvegardes',
  moduleIds: ['settings', 'settings.donnees'],
  formFieldKeys: ['email'],
};

/** Teachers who fill in their contract file (teacher.contract). */
const TEACHER_PROFILE = {
  id: 'vacataire',
  name: 'Vacataire',
  moduleIds: ['teacher', 'teacher.today', 'teacher.planning', 'teacher.contract'],
  formFieldKeys: ['firstName', 'lastName', 'email'],
};

async function orgData(): Promise<Partial<StoreV1>> {
  return {
    profiles: [TEACHER_PROFILE, DATA_PROFILE],
    users: [
      await person(CONTRIB, 'contributeur', { name: 'Awa Contributrice' }),
      await person(DATA_CLERK, 'donnees', { name: 'Khady Sauvegardes' }),
      await withPin(await person(T1, 'vacataire', { name: 'Moussa Fall' }), T1.pin),
      await person(T2, 'vacataire', { name: 'Fatou Ndiaye' }),
      // The emergency account: Super Admin, but not a "real" administrator (spec part 1 point 4).
      await person(EMERGENCY, 'super-admin', { name: 'Accès de secours', isEmergency: true }),
    ],
  };
}

let server: RunningServer;
let admin: string;

const url = (path: string, org = ORG) => `${server.url}${path}${path.includes('?') ? '&' : '?'}orgId=${org}`;

const userChange = (recordId: string, values: Record<string, unknown>) =>
  mutation({ collection: 'users', recordId, values });

const pushRaw = (cookie: string, mutations: Mutation[], clientId = 'device-1'): Promise<Response> =>
  pushChanges(server.url, ORG, cookie, mutations, { clientId });

const push = (cookie: string, mutations: Mutation[], clientId = 'device-1'): Promise<PushResponse> =>
  pushAccepted(server.url, ORG, cookie, mutations, { clientId });

function expectRefused(result: MutationResult | undefined, detail?: string) {
  expect(result).toMatchObject({ status: 'rejected', reason: 'forbidden' });
  if (detail) expect(result?.detail).toBe(detail);
}

/** The organisation as the server holds it, hashes included. */
const truth = async (org = ORG) => (await readStore(server.storage, org)).store;
const userOf = async (id: string, org = ORG) => (await truth(org)).users.find((u) => u.id === id);

const login = (email: string, password: string, org = ORG) =>
  api(`${server.url}/api/auth/login`, null, {
    method: 'POST',
    body: { orgId: org, email, password, remember: true },
  });

const credential = (cookie: string, userId: string, kind: 'temporary-password' | 'pin' | 'reset-link') =>
  api(url(`/api/users/${userId}/${kind}`), cookie, { method: 'POST' });

const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

function contractFile(content: string, attachmentId = 'att-rib') {
  return mutation({
    collection: 'teacherContractSubmissions',
    recordId: 'tc-t1',
    values: {
      id: 'tc-t1',
      teacherUserId: T1.id,
      status: 'draft',
      attachments: [
        {
          id: attachmentId,
          kind: 'rib',
          name: 'rib.pdf',
          contentBase64: content,
          size: Math.floor((content.length * 3) / 4),
          uploadedAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    },
  });
}

describe.each(backends)('$name: rights, forged and flooding writes, credentials, backups', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData });
  beforeEach(() => {
    ({ server, root: admin } = org);
  });

  describe('escalation', () => {
    it('a Contributeur cannot make himself Super Admin, nor give a profile beyond his own modules', async () => {
      const contrib = await signIn(server.url, ORG, CONTRIB.email, CONTRIB.password);
      const answer = await push(contrib, [
        userChange(CONTRIB.id, { profileId: 'super-admin' }),
        userChange(T1.id, { profileId: 'super-admin' }),
        userChange(T2.id, { name: 'Fatou Ndiaye Sarr' }),
      ]);
      expectRefused(answer.results[0], 'self');
      expectRefused(answer.results[1], 'profile-beyond-rights');
      expect(answer.results[2]?.status).toBe('applied');
      expect((await userOf(CONTRIB.id))?.profileId).toBe('contributeur');
      expect((await userOf(T1.id))?.profileId).toBe('vacataire');
    });

    it('a Contributeur cannot give the Super Admin a temporary password, by the route or by a pushed hash', async () => {
      const contrib = await signIn(server.url, ORG, CONTRIB.email, CONTRIB.password);
      const route = await credential(contrib, ROOT_ADMIN.id, 'temporary-password');
      expect(route.status).toBe(403);
      const routeBody = (await route.json()) as { error: string; message: string };
      expect(routeBody.error).toBe('beyond-rights');
      expect(routeBody.message).toMatch(/droits/);
      const pushed = await push(contrib, [
        userChange(ROOT_ADMIN.id, { passwordHash: await fastHash('Pirate@2026'), mustChangePassword: false }),
      ]);
      expectRefused(pushed.results[0]);
      expect((await login(ROOT_ADMIN.email, 'Pirate@2026')).status).toBe(401);
      expect((await login(ROOT_ADMIN.email, ROOT_ADMIN.password)).status).toBe(200);
    });

    it('never accepts a password or PIN hash in a mutation, on another user nor on oneself', async () => {
      const t1 = await signIn(server.url, ORG, T1.email, T1.password);
      const byAdmin = await push(admin, [
        userChange(T1.id, { passwordHash: await fastHash('Connu@2026') }),
        userChange(T1.id, { pinHash: await fastHash('111111'), pinSalt: 'x' }),
        userChange(ROOT_ADMIN.id, { passwordHash: await fastHash('Moi@2026') }),
      ]);
      for (const result of byAdmin.results) expectRefused(result, 'secret-field');
      const byTeacher = await push(t1, [userChange(T1.id, { passwordHash: await fastHash('Moi@2026') })]);
      expectRefused(byTeacher.results[0], 'secret-field');
      expect((await login(T1.email, 'Connu@2026')).status).toBe(401);
      expect((await login(T1.email, T1.password)).status).toBe(200);
      expect((await login(ROOT_ADMIN.email, 'Moi@2026')).status).toBe(401);
    });

    it('nobody deactivates or archives himself; the last active administrator cannot be removed', async () => {
      const self = await push(admin, [
        userChange(ROOT_ADMIN.id, { status: 'Inactive' }),
        userChange(ROOT_ADMIN.id, { status: 'Archived' }),
        userChange(ROOT_ADMIN.id, { profileId: 'contributeur' }),
      ]);
      for (const result of self.results) expectRefused(result, 'self');
      // A Contributeur cannot reach a Super Admin at all.
      const contrib = await signIn(server.url, ORG, CONTRIB.email, CONTRIB.password);
      expectRefused(
        (await push(contrib, [userChange(ROOT_ADMIN.id, { status: 'Inactive' })])).results[0],
        'beyond-rights',
      );
      // The Contributeur (module users: an administrator) and the data clerk are deactivated: the root is the
      // last one left.
      const second = await push(admin, [
        userChange(CONTRIB.id, { status: 'Inactive' }),
        userChange(DATA_CLERK.id, { status: 'Inactive' }),
      ]);
      expect(second.results.map((r) => r.status)).toEqual(['applied', 'applied']);
      // The emergency account is no "real" administrator: removing the root would leave none.
      const emergency = await signIn(server.url, ORG, EMERGENCY.email, EMERGENCY.password);
      const last = await push(emergency, [
        userChange(ROOT_ADMIN.id, { status: 'Inactive' }),
        userChange(ROOT_ADMIN.id, { profileId: TEACHER_PROFILE.id }),
      ]);
      expectRefused(last.results[0], 'last-admin');
      expectRefused(last.results[1], 'last-admin');
      expect((await userOf(ROOT_ADMIN.id))?.status).toBe('Active');
      expect((await userOf(ROOT_ADMIN.id))?.profileId).toBe('super-admin');
    });
  });

  describe('archived accounts', () => {
    it('Activer never reaches an archived user: Restaurer (to Inactif) is the way back', async () => {
      expect((await push(admin, [userChange(T2.id, { status: 'Archived' })])).results[0]?.status).toBe(
        'applied',
      );
      // A select-all → Activer on a screen that forgot the archived rows, or a forged push.
      expectRefused(
        (await push(admin, [userChange(T2.id, { status: 'Active' })])).results[0],
        'not-applicable',
      );
      expect((await userOf(T2.id))?.status).toBe('Archived');
      const restored = await push(admin, [userChange(T2.id, { status: 'Inactive' })]);
      expect(restored.results[0]?.status).toBe('applied');
      expect((await push(admin, [userChange(T2.id, { status: 'Active' })])).results[0]?.status).toBe(
        'applied',
      );
    });

    it('the archived emergency account, whose password is the initial one, is never brought back', async () => {
      expect((await push(admin, [userChange(EMERGENCY.id, { status: 'Archived' })])).results[0]?.status).toBe(
        'applied',
      );
      const back = await push(admin, [
        userChange(EMERGENCY.id, { status: 'Active' }),
        userChange(EMERGENCY.id, { status: 'Inactive' }),
      ]);
      expectRefused(back.results[0], 'not-applicable');
      expectRefused(back.results[1], 'not-applicable');
      expect((await userOf(EMERGENCY.id))?.status).toBe('Archived');
      expect((await login(EMERGENCY.email, EMERGENCY.password)).status).not.toBe(200);
    });
  });

  describe('journal entries and actor fields', () => {
    const forgedEntry = (
      id: string,
      actorUserId: string | null,
      action = 'archive',
      targetUserId: string = T2.id,
    ) =>
      mutation({
        collection: 'userLogs',
        recordId: id,
        values: {
          id,
          action,
          targetUserId,
          targetUserName: 'Fatou Ndiaye',
          actorUserId,
          actorUserName: ROOT_ADMIN.name,
          timestamp: '2026-11-20T09:00:00.000Z',
        },
      });

    it('a teacher cannot write a journal entry in the administrator’s name', async () => {
      const t1 = await signIn(server.url, ORG, T1.email, T1.password);
      const before = (await truth()).userLogs.length;
      const answer = await push(t1, [
        forgedEntry('ul-forged-1', null),
        forgedEntry('ul-forged-2', ROOT_ADMIN.id),
      ]);
      expectRefused(answer.results[0], 'no-change-described');
      expectRefused(answer.results[1], 'no-change-described');
      expect((await truth()).userLogs).toHaveLength(before);
    });

    it('an entry about the batch’s own change is kept, its actor stamped from the session', async () => {
      const answer = await push(admin, [
        userChange(T2.id, { status: 'Archived' }),
        mutation({
          collection: 'userLogs',
          recordId: 'ul-real',
          values: {
            id: 'ul-real',
            action: 'archive',
            targetUserId: T2.id,
            targetUserName: 'Fatou Ndiaye',
            actorUserId: ROOT_ADMIN.id,
            actorUserName: 'Quelqu’un d’autre',
            timestamp: '2026-11-20T09:00:00.000Z',
          },
        }),
      ]);
      expect(answer.results.map((r) => r.status)).toEqual(['applied', 'applied']);
      const entry = (await truth()).userLogs.find((l) => l.id === 'ul-real');
      expect(entry).toMatchObject({ actorUserId: ROOT_ADMIN.id, actorUserName: ROOT_ADMIN.name });
      // The same entry claiming an activation it did not perform is refused.
      const wrong = await push(admin, [
        userChange(T1.id, { name: 'Moussa Fall Diop' }),
        forgedEntry('ul-wrong', ROOT_ADMIN.id, 'status-activate', T1.id),
      ]);
      expect(wrong.results[0]?.status).toBe('applied');
      expectRefused(wrong.results[1], 'no-change-described');
      // Deactivated then activated again in one batch: each entry describes its own change.
      const twice = await push(admin, [
        userChange(T1.id, { status: 'Inactive' }),
        forgedEntry('ul-off', ROOT_ADMIN.id, 'status-deactivate', T1.id),
        userChange(T1.id, { status: 'Active' }),
        forgedEntry('ul-on', ROOT_ADMIN.id, 'status-activate', T1.id),
      ]);
      expect(twice.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    });

    it('5,000 journal entries of 12 KB are refused whole (413, in French), nothing stored', async () => {
      const { revision } = await readStore(server.storage, ORG);
      const before = (await truth()).userLogs.length;
      const details = 'x'.repeat(12_000);
      const entries = Array.from({ length: 5_000 }, (_, i) =>
        mutation({
          collection: 'userLogs',
          recordId: `ul-flood-${i}`,
          values: {
            id: `ul-flood-${i}`,
            action: 'update',
            targetUserId: T2.id,
            actorUserId: ROOT_ADMIN.id,
            timestamp: '2026-11-20T09:00:00.000Z',
            details,
          },
        }),
      );
      const response = await pushRaw(admin, entries);
      expect(response.status).toBe(413);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('too-large');
      expect(body.message).toMatch(/trop longue/);
      expect((await readStore(server.storage, ORG)).revision).toBe(revision);
      expect((await truth()).userLogs).toHaveLength(before);
    });

    it('a session past its write budget gets 429 with Retry-After, in French', async () => {
      // Start far from a minute's end, so that the batches fall in one budget window.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
      const batch = (n: number) =>
        Array.from({ length: 2_000 }, (_, i) =>
          mutation({
            collection: 'levels',
            recordId: `l-${n}-${i}`,
            values: { id: `l-${n}-${i}`, name: `Niveau ${n}-${i}`, abbr: 'N' },
          }),
        );
      const statuses: number[] = [];
      for (let n = 0; n < 4; n += 1) statuses.push((await pushRaw(admin, batch(n))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await pushRaw(admin, batch(9).slice(0, 1));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await refused.json()) as { error: string; message: string };
      expect(body.error).toBe('write-budget');
      expect(body.message).toMatch(/Trop de modifications/);
      // Refused until its window ends, the account's next pushes are answered at once, never counted (nor, on
      // PostgreSQL, queued behind the organisation's writes): its count stays where it was.
      const bucket = `writeMutations:account:${ORG}:${ROOT_ADMIN.id}`;
      const windowStartMs = Date.now() - (Date.now() % 60_000);
      const count = async () =>
        (await server.storage.rateLimits.hitEach([{ bucket, windowStartMs, units: 0 }]))[0];
      const counted = await count();
      expect(counted).toBeGreaterThan(60);
      for (let n = 10; n < 13; n += 1) expect((await pushRaw(admin, batch(n).slice(0, 1))).status).toBe(429);
      expect(await count()).toBe(counted);
      // Another person's session keeps its own budget.
      const contrib = await signIn(server.url, ORG, CONTRIB.email, CONTRIB.password);
      expect((await pushRaw(contrib, [userChange(T2.id, { name: 'Fatou N.' })])).status).toBe(200);
    }, 120_000);

    it('a session past its bytes budget gets 429 (write-budget), the batch not written', async () => {
      // The same organisation on a server whose sessions may push 256 KiB a minute (4 units of 64 KiB).
      server = await org.startWith({
        writeBudget: { bytesPerMinute: 256 * 1024, mutationsPerMinute: 6_000 },
      });
      const before = (await readStore(server.storage, ORG)).revision;
      // 100 mutations (far under the mutation budget) of ~3.5 KB each (under every per-record cap): ~360 KB.
      const large = Array.from({ length: 100 }, (_, i) =>
        mutation({
          collection: 'levels',
          recordId: `l-big-${i}`,
          values: { id: `l-big-${i}`, name: `Niveau ${i}`, abbr: 'x'.repeat(3_500) },
        }),
      );
      const refused = await pushRaw(admin, large);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await refused.json()) as { error: string; message: string };
      expect(body.error).toBe('write-budget');
      expect(body.message).toMatch(/Trop de modifications/);
      expect((await readStore(server.storage, ORG)).revision).toBe(before);
      // Another person's session keeps its own budget; a small batch fits in it.
      const contrib = await signIn(server.url, ORG, CONTRIB.email, CONTRIB.password);
      expect((await pushRaw(contrib, [userChange(T2.id, { name: 'Fatou N.' })])).status).toBe(200);
    });
  });

  describe('kiosk', () => {
    it('a kiosk cannot set a PIN cooldown at all (the server counts the tries: issue 29 item 4)', async () => {
      const kiosk = await enrolKiosk(server.url, admin, 'Salle 4');
      const answer = await push(kiosk, [
        userChange(T1.id, { pinFailedAttempts: 5, pinCooldownUntil: '2099-01-01T00:00:00.000Z' }),
      ]);
      expectRefused(answer.results[0], 'not-permitted');
      expect((await userOf(T1.id))?.pinCooldownUntil ?? null).toBeNull();
      // Nor any other field.
      expectRefused(
        (await push(kiosk, [userChange(T1.id, { pinExpiresAt: '2098-01-01T00:00:00.000Z' })])).results[0],
      );
    });
  });

  describe('attachments', () => {
    it('refuses HTML saved as rib.pdf, accepts a real PDF', async () => {
      const t1 = await signIn(server.url, ORG, T1.email, T1.password);
      const html = await push(t1, [contractFile(base64('<html><script>alert(1)</script></html>'))]);
      expectRefused(html.results[0], 'attachment-unsupported-type');
      const dataUrl = await push(t1, [
        contractFile(`data:application/pdf;base64,${base64('<html>x</html>')}`),
      ]);
      expectRefused(dataUrl.results[0], 'attachment-unsupported-type');
      expect((await truth()).teacherContractSubmissions).toEqual([]);
      const pdf = await push(t1, [contractFile(base64('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF'))]);
      expect(pdf.results[0]?.status).toBe('applied');
    });

    it('refuses an attachment above 3,000,000 bytes, accepts one of exactly 3,000,000', async () => {
      const t1 = await signIn(server.url, ORG, T1.email, T1.password);
      const pdfOf = (size: number) => {
        const bytes = Buffer.alloc(size, 0x20);
        bytes.write('%PDF-1.4\n', 0, 'latin1');
        return bytes;
      };
      const big = await push(t1, [contractFile(base64(pdfOf(3_000_001)))]);
      expectRefused(big.results[0], 'attachment-too-large');
      const exact = await push(t1, [contractFile(base64(pdfOf(3_000_000)))]);
      expect(exact.results[0]?.status).toBe('applied');
    }, 60_000);
  });

  describe('credentials made by the server', () => {
    it('a temporary password, a PIN and a reset link for a user one manages, shown once', async () => {
      const t1Session = await signIn(server.url, ORG, T1.email, T1.password);
      const temporary = await credential(admin, T1.id, 'temporary-password');
      expect(temporary.status).toBe(200);
      expect(temporary.headers.get('cache-control')).toBe('no-store');
      const { password } = (await temporary.json()) as { password: string };
      expect((await login(T1.email, password)).status).toBe(200);
      expect((await login(T1.email, T1.password)).status).toBe(401);
      // The account's other sessions end with its old password.
      expect((await api(url('/api/store'), t1Session)).status).toBe(401);
      expect(await userOf(T1.id)).toMatchObject({ mustChangePassword: true });
      const journal = (await truth()).userLogs.filter((l) => l.targetUserId === T1.id);
      expect(journal.map((l) => [l.action, l.actorUserId])).toContainEqual([
        'password-temp-generated',
        ROOT_ADMIN.id,
      ]);

      const pin = await credential(admin, T1.id, 'pin');
      expect(pin.status).toBe(200);
      const { pin: clearPin } = (await pin.json()) as { pin: string };
      expect(await verifySecret(clearPin, (await userOf(T1.id))?.pinHash)).toBe(true);

      const link = await credential(admin, T1.id, 'reset-link');
      expect(link.status).toBe(200);
      const { path } = (await link.json()) as { path: string };
      const token = new URL(path, 'http://x').searchParams.get('token');
      const check = await api(`${server.url}/api/password-reset/check`, null, {
        method: 'POST',
        body: { orgId: ORG, token },
      });
      expect(await check.json()).toEqual({ valid: true });
    });

    it('refuses the caller who may not manage that user, and oneself', async () => {
      const t1 = await signIn(server.url, ORG, T1.email, T1.password);
      expect((await credential(t1, T2.id, 'temporary-password')).status).toBe(403);
      expect((await credential(t1, T2.id, 'reset-link')).status).toBe(403);
      expect((await credential(admin, ROOT_ADMIN.id, 'temporary-password')).status).toBe(403);
      expect((await credential(admin, 'u-nobody', 'pin')).status).toBe(404);
      const contrib = await signIn(server.url, ORG, CONTRIB.email, CONTRIB.password);
      expect((await credential(contrib, T2.id, 'temporary-password')).status).toBe(200);
      expect((await credential(contrib, ROOT_ADMIN.id, 'reset-link')).status).toBe(403);
      expect((await api(url(`/api/users/${T2.id}/pin`), null, { method: 'POST' })).status).toBe(401);
    });
  });

  describe('e-mails and backups', () => {
    it('refuses an e-mail that differs from another account’s only by case', async () => {
      const answer = await push(admin, [
        userChange('u-copie', {
          id: 'u-copie',
          name: 'Copie',
          email: ' MOUSSA.FALL@ecole.sn',
          profileId: 'vacataire',
          status: 'Active',
        }),
        userChange(T2.id, { email: 'Moussa.Fall@Ecole.sn' }),
        userChange('u-neuf', {
          id: 'u-neuf',
          name: 'Nouveau',
          email: 'nouveau@ecole.sn',
          profileId: 'vacataire',
          status: 'Active',
          passwordHash: await fastHash('Choisi@2026'),
        }),
      ]);
      expectRefused(answer.results[0], 'duplicate-email');
      expectRefused(answer.results[1], 'duplicate-email');
      // A creation gets no password from the server (an invitation comes from /users), whatever hash came.
      expect(answer.results[2]?.status).toBe('applied');
      expect((await login('nouveau@ecole.sn', 'Choisi@2026')).status).toBe(401);
      expect((await login('nouveau@ecole.sn', configFromEnv({}).initialPassword)).status).toBe(401);
      expect((await login(T1.email, T1.password)).status).toBe(200);
    });

    it('a whole-store PUT holding two e-mails that differ only by case is refused, nothing written', async () => {
      const file = (await (await api(url('/api/backup'), admin)).json()) as StoreV1;
      const before = await truth();
      const copy = {
        ...file.users.find((u) => u.id === T2.id)!,
        id: 'u-double',
        email: 'MOUSSA.FALL@ecole.sn',
      };
      const answer = await api(url('/api/store'), admin, {
        method: 'PUT',
        body: { ...file, users: [...file.users, copy] },
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        error: 'duplicate-email',
        issues: ['moussa.fall@ecole.sn'],
      });
      expect((await truth()).users).toEqual(before.users);
      // A new organisation is refused the same way (its first device, with the setup code).
      const created = await api(url('/api/store', 'ecole-double'), null, {
        method: 'PUT',
        headers: SETUP_CODE_HEADERS,
        body: { ...file, users: [...file.users, copy] },
      });
      expect(created.status).toBe(400);
    });

    it('Données alone neither reads every hash nor restores a store that makes it Super Admin', async () => {
      const clerk = await signIn(server.url, ORG, DATA_CLERK.email, DATA_CLERK.password);
      // Before: a backup with the Super Admin's hash, and a restore accepted whole.
      expect((await api(url('/api/backup'), clerk)).status).toBe(403);
      const file = (await (await api(url('/api/backup'), admin)).json()) as StoreV1;
      const forged: StoreV1 = {
        ...file,
        users: file.users.map((u) =>
          u.id === DATA_CLERK.id
            ? { ...u, profileId: 'super-admin' }
            : u.id === ROOT_ADMIN.id
              ? { ...u, status: 'Inactive' as const }
              : u,
        ),
      };
      const restore = await api(url('/api/store'), clerk, { method: 'PUT', body: forged });
      expect(restore.status).toBe(403);
      expect((await userOf(DATA_CLERK.id))?.profileId).toBe('donnees');
      expect((await userOf(ROOT_ADMIN.id))?.status).toBe('Active');
      // The Super Admin restores the same organisation's backup.
      const own = await api(url('/api/store'), admin, { method: 'PUT', body: file });
      expect(own.status).toBe(200);
    });

    it('a restore still checks attachments by their content', async () => {
      const file = (await (await api(url('/api/backup'), admin)).json()) as StoreV1;
      const html = base64('<html><script>alert(1)</script></html>');
      const withFile: StoreV1 = {
        ...file,
        teacherContractSubmissions: [
          {
            ...(contractFile(html).values as StoreV1['teacherContractSubmissions'][number]),
          },
        ],
      };
      const before = await truth();
      const restore = await api(url('/api/store'), admin, {
        method: 'PUT',
        body: {
          ...withFile,
          users: withFile.users.map((u) => (u.id === T2.id ? { ...u, name: 'Fatou Sarr' } : u)),
        },
      });
      expect(restore.status).toBe(403);
      expect(((await restore.json()) as { issues: string[] }).issues).toEqual([
        'teacherContractSubmissions/tc-t1: attachment-unsupported-type',
      ]);
      // All or nothing: the other change of the same file is not written either.
      expect((await truth()).users).toEqual(before.users);
      expect((await truth()).teacherContractSubmissions).toHaveLength(0);
    });

    it('the server backup keeps every password: restored into a new organisation, everyone signs in', async () => {
      // A device's copy holds only its own hashes: restoring it would reset the others.
      const deviceCopy = (await (await api(url('/api/store'), admin)).json()) as StoreV1;
      expect(deviceCopy.users.find((u) => u.id === T1.id)?.passwordHash).toBeUndefined();
      const t1 = await signIn(server.url, ORG, T1.email, T1.password);
      expect((await api(url('/api/backup'), t1)).status).toBe(403);

      const backup = await api(url('/api/backup'), admin);
      expect(backup.status).toBe(200);
      expect(backup.headers.get('cache-control')).toBe('no-store');
      const file = (await backup.json()) as StoreV1;
      for (const user of file.users) expect(typeof user.passwordHash).toBe('string');

      const NEW_ORG = 'ecole-restauree';
      const { cookie: newAdmin } = await seedOrg(server.url, NEW_ORG);
      const restored = await api(url('/api/store', NEW_ORG), newAdmin, { method: 'PUT', body: file });
      expect(restored.status).toBe(200);
      for (const [email, password] of [
        [ROOT_ADMIN.email, ROOT_ADMIN.password],
        [CONTRIB.email, CONTRIB.password],
        [DATA_CLERK.email, DATA_CLERK.password],
        [T1.email, T1.password],
        [T2.email, T2.password],
      ] as const)
        expect((await login(email, password, NEW_ORG)).status, email).toBe(200);
      const pinHash = (await userOf(T1.id, NEW_ORG))?.pinHash;
      expect(await verifySecret(T1.pin, pinHash)).toBe(true);
    });
  });
});
