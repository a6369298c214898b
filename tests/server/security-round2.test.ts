import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyServerChanges } from '../../server/auth/server-writes';
import { readStore } from '../../server/sync-service';
import { defaultProfiles } from '../../src/domain/defaults';
import { hashSecret } from '../../src/domain/secrets';
import type { User } from '../../src/domain/store/schema';
import type { Mutation, MutationResult, PushResponse } from '../../src/domain/sync/protocol';
import { TEST_ITERATIONS } from '../fixtures/sample-store';
import { putMutation } from '../support/builders';
import {
  api,
  openSession,
  ROOT_ADMIN,
  seedOrg,
  serverBackends,
  signIn,
  startServer,
  TEST_SETUP_CODE,
  type RunningServer,
  type TestDatabase,
} from './helpers';

/**
 * Issue 29, second round: each test is one attack of the report, tried over HTTP on every storage engine,
 * and fails on the code before its fix.
 */
const backends = await serverBackends();
const ORG = 'ecole-round2';

const fastHash = (secret: string) => hashSecret(secret, { iterations: TEST_ITERATIONS });

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

async function person(
  who: { id: string; email: string; password: string },
  profileId: string,
  extra: Partial<User> = {},
): Promise<User> {
  return {
    id: who.id,
    name: who.id,
    email: who.email,
    profileId,
    status: 'Active',
    passwordHash: await fastHash(who.password),
    mustChangePassword: false,
    ...extra,
  };
}

let server: RunningServer;
let data: TestDatabase;
let root: string;

const url = (path: string) => `${server.url}${path}${path.includes('?') ? '&' : '?'}orgId=${ORG}`;
const mutation = (partial: Partial<Mutation> & Pick<Mutation, 'collection' | 'recordId'>): Mutation =>
  putMutation({ createdAt: new Date().toISOString(), ...partial });
const userChange = (recordId: string, values: Record<string, unknown>) =>
  mutation({ collection: 'users', recordId, values });

async function push(cookie: string, mutations: Mutation[]): Promise<PushResponse> {
  const response = await api(url('/api/mutations'), cookie, {
    method: 'POST',
    body: { clientId: 'device-attack', mutations },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PushResponse;
}

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

describe.each(backends)('$name: round 2 attacks', (backend) => {
  beforeEach(async () => {
    data = await backend.fresh();
    server = await startServer(data);
  });
  afterEach(async () => {
    await server.app.close();
    await data.cleanup();
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
      const store = (await truth());
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
});

// Referenced so that an unused import never hides a helper a later section needs.
void openSession;
