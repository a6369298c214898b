import { beforeEach, describe, expect, it } from 'vitest';
import { defaultProfiles } from '../../src/domain/defaults';
import {
  pushResponseSchema,
  sessionChangedSchema,
  type ChangesResponse,
  type PushResponse,
} from '../../src/domain/sync/protocol';
import { putMutation as mutation, teacher as schoolTeacher } from '../support/builders';
import {
  api,
  enrolKiosk,
  ROOT_ADMIN,
  seedOrg,
  serverBackends,
  signIn,
  startServer,
  useTestDb,
  type RunningServer,
  type TestDatabase,
} from './helpers';

/**
 * The one-round-trip exchange (spec: sync by delta; the push answer carries what the device needs): a push
 * sent with `since` answers the batch's results, the changes after `since` filtered for the session, and
 * the session's state; a session that ended answers 401 on that very request. Also the per-revision cache
 * of users and profiles behind every session check: a deactivation is seen on the next request, on the
 * server that made it and on another one sharing the database.
 */
const backends = await serverBackends();
const ORG = 'ecole-echange';
const TEACHER = { id: 'u-t1', email: 'moussa@ecole.sn', password: 'Moussa@2026' } as const;
const OTHER = { id: 'u-t2', email: 'fatou@ecole.sn', password: 'Fatou@2026' } as const;
const SECRET_FIELDS = ['passwordHash', 'pinHash', 'pinSalt', 'passwordResetTokenHash'];

const teacher = (t: typeof TEACHER | typeof OTHER, name: string) => schoolTeacher(t, { name });

const level = (id: string) =>
  mutation({ collection: 'levels', recordId: id, values: { id, name: `Niveau ${id}`, abbr: id } });
const deactivate = (userId: string) =>
  mutation({
    collection: 'users',
    recordId: userId,
    baseRevision: Number.MAX_SAFE_INTEGER,
    changedFields: ['status'],
    values: { status: 'Inactive' },
  });

function exchange(base: string, cookie: string | null, body: Record<string, unknown>): Promise<Response> {
  return api(`${base}/api/mutations?orgId=${ORG}`, cookie, {
    method: 'POST',
    body: { clientId: 'device-1', mutations: [], ...body },
  });
}

async function exchangeOk(
  base: string,
  cookie: string,
  body: Record<string, unknown>,
): Promise<PushResponse> {
  const response = await exchange(base, cookie, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return pushResponseSchema.parse(await response.json());
}

async function changesOf(base: string, cookie: string, since: number): Promise<ChangesResponse> {
  const response = await api(`${base}/api/changes?orgId=${ORG}&since=${since}&limit=2000`, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as ChangesResponse;
}

describe.each(backends)('$name: one-round-trip exchange', (backend) => {
  let data: TestDatabase;
  let server: RunningServer;
  let admin: string;
  let t1: string;
  let r0: number;

  const db = useTestDb(backend);

  beforeEach(async () => {
    ({ data, server } = db);
    ({ cookie: admin, revision: r0 } = await seedOrg(server.url, ORG, {
      users: [await teacher(TEACHER, 'Moussa Fall'), await teacher(OTHER, 'Fatou Ndiaye')],
    }));
    t1 = await signIn(server.url, ORG, TEACHER.email, TEACHER.password);
  });

  it('answers the results, the new revision, the changes since the device revision and the session', async () => {
    const answer = await exchangeOk(server.url, admin, { mutations: [level('l-1')], since: r0 });
    expect(answer.results).toEqual([expect.objectContaining({ status: 'applied' })]);
    expect(answer.revision).toBe(r0 + 1);
    // The device's own change comes back with the feed, which is caught up to the answer's revision.
    expect(answer.changes).toEqual({
      revision: r0 + 1,
      next: null,
      changes: [expect.objectContaining({ collection: 'levels', id: 'l-1', rev: r0 + 1 })],
    });
    expect(answer.session).toEqual({ orgId: ORG, userId: ROOT_ADMIN.id, kiosk: null });
  });

  it('filters the changes for the session exactly as GET /api/changes does', async () => {
    const answer = await exchangeOk(server.url, t1, { since: 0 });
    const feed = await changesOf(server.url, t1, 0);
    expect(answer.changes?.changes).toEqual(feed.changes);
    expect(answer.changes?.revision).toBe(feed.revision);
    // A teacher never receives anyone else's hashes (their own: for the offline sign-in), nor through this.
    for (const record of answer.changes?.changes ?? [])
      if (record.id !== TEACHER.id)
        for (const field of SECRET_FIELDS) expect(record.data ?? {}).not.toHaveProperty(field);
    expect(answer.changes?.changes.some((r) => r.collection === 'users' && r.id === OTHER.id)).toBe(true);
    expect(answer.results).toEqual([]);
    expect(answer.session).toEqual({ orgId: ORG, userId: TEACHER.id, kiosk: null });
  });

  it('pages the changes with the limit the device asks, the rest through GET /api/changes', async () => {
    const answer = await exchangeOk(server.url, admin, { since: 0, limit: 2 });
    expect(answer.changes?.changes).toHaveLength(2);
    expect(answer.changes?.next).not.toBeNull();
    const rest = await api(
      `${server.url}/api/changes?orgId=${ORG}&cursor=${encodeURIComponent(answer.changes?.next ?? '')}&limit=2000`,
      admin,
    );
    const all = await changesOf(server.url, admin, 0);
    const restChanges = ((await rest.json()) as ChangesResponse).changes;
    expect([...(answer.changes?.changes ?? []), ...restChanges]).toEqual(all.changes);
  });

  it('sends a tombstone for a record its own change hid from the viewer, so a delta catch-up drops it', async () => {
    const contract = {
      id: 'k-1',
      teacherUserId: TEACHER.id,
      startDate: '2026-09-01',
      endDate: '2027-06-30',
      createdAt: '2026-08-20T08:00:00.000Z',
      entries: [],
    };
    const given = await exchangeOk(server.url, admin, {
      mutations: [mutation({ collection: 'contracts', recordId: 'k-1', values: contract })],
      since: r0,
    });
    // The teacher's device caught up to here and holds the contract.
    const held = await changesOf(server.url, t1, r0);
    expect(held.changes).toContainEqual(expect.objectContaining({ collection: 'contracts', id: 'k-1' }));
    // The contract goes to another teacher: the first one's device must drop its copy, and learns nothing
    // of the new holder.
    await exchangeOk(server.url, admin, {
      mutations: [
        mutation({
          collection: 'contracts',
          recordId: 'k-1',
          baseRevision: given.revision,
          changedFields: ['teacherUserId'],
          values: { teacherUserId: OTHER.id },
        }),
      ],
    });
    for (const page of [
      (await changesOf(server.url, t1, given.revision)).changes,
      (await exchangeOk(server.url, t1, { since: given.revision })).changes?.changes ?? [],
    ])
      expect(page.filter((r) => r.id === 'k-1')).toEqual([
        { collection: 'contracts', id: 'k-1', rev: given.revision + 1, deleted: true, data: null },
      ]);
  });

  it('keeps the old answer for a device that sends no since', async () => {
    const response = await exchange(server.url, admin, { mutations: [level('l-2')] });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['results', 'revision', 'serverTime']);
    // Nothing to push and no since: refused as before, nothing read.
    const empty = await exchange(server.url, admin, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'invalid-body' });
  });

  it('refuses with 409 and applies nothing when the session is not the author the device expects', async () => {
    const response = await exchange(server.url, admin, {
      mutations: [level('l-3')],
      since: r0,
      expectedUserId: TEACHER.id,
    });
    expect(response.status).toBe(409);
    const body = sessionChangedSchema.parse(await response.json());
    expect(body.session).toEqual({ orgId: ORG, userId: ROOT_ADMIN.id, kiosk: null });
    const feed = await changesOf(server.url, admin, r0);
    expect(feed.changes).toEqual([]);
    // The author the session is: accepted.
    const ok = await exchangeOk(server.url, admin, {
      mutations: [level('l-3')],
      since: r0,
      expectedUserId: ROOT_ADMIN.id,
    });
    expect(ok.results[0]?.status).toBe('applied');
  });

  it('describes a kiosk session as GET /api/auth/session does, and takes only kiosk changes under it', async () => {
    const kiosk = await enrolKiosk(server.url, admin, 'Salle 4');
    const answer = await exchangeOk(server.url, kiosk, { since: r0, expectedUserId: null });
    const described: unknown = await (await api(`${server.url}/api/auth/session`, kiosk)).json();
    expect(answer.session).toEqual(described);
    expect(answer.session).toMatchObject({ orgId: ORG, userId: null, kiosk: { name: 'Salle 4' } });
    // A teacher's change waits for the teacher's own session.
    const refused = await exchange(server.url, kiosk, { since: r0, expectedUserId: TEACHER.id });
    expect(refused.status).toBe(409);
  });

  it('answers 401 unauthenticated on the exchange right after a sign-out', async () => {
    await exchangeOk(server.url, t1, { since: r0 });
    expect((await api(`${server.url}/api/auth/logout`, t1, { method: 'POST' })).status).toBe(200);
    const response = await exchange(server.url, t1, { mutations: [level('l-4')], since: r0 });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'unauthenticated' });
  });

  it('refuses a deactivated person on the very next request (cached session lookups follow the revision)', async () => {
    // Warm: the teacher's session, user and profiles are looked up (and cached) at this revision.
    await exchangeOk(server.url, t1, { since: r0 });
    await exchangeOk(server.url, t1, { since: r0 });
    const off = await exchangeOk(server.url, admin, { mutations: [deactivate(TEACHER.id)] });
    expect(off.results[0]?.status).toBe('applied');
    const next = await exchange(server.url, t1, { since: r0 });
    expect(next.status).toBe(401);
    expect((await api(`${server.url}/api/changes?orgId=${ORG}&since=0`, t1)).status).toBe(401);
    // Everyone else still works at the new revision.
    expect((await exchangeOk(server.url, admin, { since: off.revision })).changes?.changes).toEqual([]);
  });

  it('applies a profile change to its holders on the very next request', async () => {
    const backup = () => api(`${server.url}/api/backup?orgId=${ORG}`, t1);
    expect((await backup()).status).toBe(403);
    // The backup needs Données and the rights to grant every profile: the Super Admin's modules.
    const superAdmin = defaultProfiles().find((p) => p.id === 'super-admin');
    if (!superAdmin) throw new Error('no super-admin profile');
    const moduleIds = [...superAdmin.moduleIds];
    const granted = await exchangeOk(server.url, admin, {
      mutations: [
        mutation({
          collection: 'profiles',
          recordId: 'teacher',
          baseRevision: Number.MAX_SAFE_INTEGER,
          changedFields: ['moduleIds'],
          values: { moduleIds },
        }),
      ],
    });
    expect(granted.results[0]?.status).toBe('applied');
    expect((await backup()).status).toBe(200);
  });

  it('refuses a deactivated person on another server sharing the database at the next request', async () => {
    const other = await startServer(data);
    try {
      await exchangeOk(server.url, t1, { since: r0 });
      const off = await exchangeOk(other.url, admin, { mutations: [deactivate(TEACHER.id)] });
      expect(off.results[0]?.status).toBe('applied');
      expect((await exchange(server.url, t1, { since: r0 })).status).toBe(401);
    } finally {
      await other.app.close();
    }
  });
});
