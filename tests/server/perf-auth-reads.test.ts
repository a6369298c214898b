import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultProfiles } from '../../src/domain/defaults';
import type { Mutation, PushResponse } from '../../src/domain/sync/protocol';
import {
  api,
  seedOrg,
  serverBackends,
  signInAs,
  startServer,
  type RunningServer,
  type TestDatabase,
} from './helpers';
import { MOUSSA, putMutation, school } from '../support/builders';

/**
 * Issue 31's cheaper authentication (server/auth/sessions.ts, access.ts): on PostgreSQL one statement reads
 * the session, the revision and the users and profiles changed since this server's cache, which moves with
 * each revision instead of being read again. What it must keep: a change made on ANOTHER server (the cache of
 * this one never heard of it) takes effect at the very next request here, after check-ins moved the revision
 * in between. PostgreSQL: two servers on one database; SQLite: one server (a file has one server).
 */
const ORG = 'perf';

const level = (id: string) =>
  putMutation({ collection: 'levels', recordId: id, values: { id, name: `Niveau ${id}`, abbr: id } });

async function push(base: string, cookie: string, mutations: Mutation[]): Promise<PushResponse> {
  const response = await api(`${base}/api/mutations?orgId=${ORG}`, cookie, {
    method: 'POST',
    body: { clientId: 'admin-laptop', mutations },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PushResponse;
}

/** A request under the teacher's session on `base`: its status. */
async function teacherReads(base: string, cookie: string): Promise<number> {
  return (await api(`${base}/api/changes?orgId=${ORG}&since=0`, cookie)).status;
}

for (const backend of await serverBackends()) {
  describe(`authentication reads on ${backend.name}`, () => {
    let db: TestDatabase;
    let here: RunningServer;
    let other: RunningServer;
    let admin = '';
    let moussa = '';

    beforeEach(async () => {
      db = await backend.fresh();
      here = await startServer(db);
      other = backend.name === 'postgres' ? await startServer(db) : here;
      admin = (await seedOrg(other.url, ORG, await school())).cookie;
      moussa = await signInAs(here.url, ORG, MOUSSA);
    });
    afterEach(async () => {
      await here.app.close();
      if (other !== here) await other.app.close();
      await db.cleanup();
    });

    it('refuses a teacher deactivated on the other server at her next request, revisions later', async () => {
      // Warm: her session, person and profiles are known to this server's cache.
      expect(await teacherReads(here.url, moussa)).toBe(200);
      // Writes that touch no person: the cache moves with the revision and keeps her.
      for (const id of ['l-2', 'l-3']) await push(other.url, admin, [level(id)]);
      expect(await teacherReads(here.url, moussa)).toBe(200);
      const off = await push(other.url, admin, [
        putMutation({
          collection: 'users',
          recordId: MOUSSA.id,
          baseRevision: Number.MAX_SAFE_INTEGER,
          changedFields: ['status'],
          values: { status: 'Inactive' },
        }),
      ]);
      expect(off.results[0]?.status).toBe('applied');
      expect(await teacherReads(here.url, moussa)).toBe(401);
      // Back to Active, then more unrelated writes: she is let in again, and stays in.
      await push(other.url, admin, [
        putMutation({
          collection: 'users',
          recordId: MOUSSA.id,
          baseRevision: Number.MAX_SAFE_INTEGER,
          changedFields: ['status'],
          values: { status: 'Active' },
        }),
      ]);
      expect(await teacherReads(here.url, moussa)).toBe(200);
      await push(other.url, admin, [level('l-4')]);
      expect(await teacherReads(here.url, moussa)).toBe(200);
    });

    it('refuses at once a session used on this server and signed out on the other', async () => {
      expect(await teacherReads(here.url, moussa)).toBe(200);
      await push(other.url, admin, [level('l-5')]);
      expect(await teacherReads(here.url, moussa)).toBe(200);
      expect((await api(`${other.url}/api/auth/logout`, moussa, { method: 'POST', body: {} })).status).toBe(
        200,
      );
      expect(await teacherReads(here.url, moussa)).toBe(401);
    });

    it('sees a profile changed on the other server at the next request', async () => {
      expect((await api(`${here.url}/api/conflicts?orgId=${ORG}`, moussa)).status).toBe(403);
      await push(other.url, admin, [level('l-7')]);
      expect(await teacherReads(here.url, moussa)).toBe(200);
      // The teachers' profile gains the modules that read the conflict log.
      const teachers = defaultProfiles().find((p) => p.id === 'teacher');
      const changed = await push(other.url, admin, [
        putMutation({
          collection: 'profiles',
          recordId: 'teacher',
          baseRevision: Number.MAX_SAFE_INTEGER,
          changedFields: ['moduleIds'],
          values: { moduleIds: [...(teachers?.moduleIds ?? []), 'users', 'settings.donnees'] },
        }),
      ]);
      expect(changed.results[0]?.status).toBe('applied');
      expect((await api(`${here.url}/api/conflicts?orgId=${ORG}`, moussa)).status).toBe(200);
    });

    it('sees a person moved to another profile on the other server at the next request', async () => {
      const before = await api(`${here.url}/api/conflicts?orgId=${ORG}`, moussa);
      expect(before.status).toBe(403);
      // Her account moved to the administrators' profile on the other server: conflicts become readable.
      await push(other.url, admin, [level('l-6')]);
      await push(other.url, admin, [
        putMutation({
          collection: 'users',
          recordId: MOUSSA.id,
          baseRevision: Number.MAX_SAFE_INTEGER,
          changedFields: ['profileId'],
          values: { profileId: 'super-admin' },
        }),
      ]);
      expect((await api(`${here.url}/api/conflicts?orgId=${ORG}`, moussa)).status).toBe(200);
    });
  });
}
