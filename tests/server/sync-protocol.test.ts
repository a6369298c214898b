import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, pushResponseSchema, type Mutation } from '../../src/domain/sync/protocol';
import { frSync } from '../../src/i18n/fr-sync';
import { administrator, putMutation } from '../support/builders';
import { api, seedOrg, serverBackends, signIn, useTestDb } from './helpers';

/**
 * Issue 34, item 3, on the server: a push names the wire format it speaks and an app the server does not
 * understand is told to update (426, in French) instead of being misread; and "same device" (merge rule 2:
 * an edit from the device that wrote a field last is never concurrent with it) holds only for the person the
 * device id belongs to, so another person sending someone else's id cannot silently overwrite their edits.
 */
const backends = await serverBackends();
const ORG = 'ecole-protocole';
const SECOND = { id: 'u-a2', email: 'awa@ecole.sn', password: 'Awa@2026!' } as const;

describe.each(backends)('$name: the push protocol', (backend) => {
  const db = useTestDb(backend);

  function push(cookie: string, body: Record<string, unknown>): Promise<Response> {
    return api(`${db.server.url}/api/mutations?orgId=${ORG}`, cookie, { method: 'POST', body });
  }

  async function pushed(cookie: string, clientId: string, mutation: Mutation): Promise<number> {
    const response = await push(cookie, { protocol: PROTOCOL_VERSION, clientId, mutations: [mutation] });
    expect(response.status, await response.clone().text()).toBe(200);
    return pushResponseSchema.parse(await response.json()).revision;
  }

  const level = { id: 'l-1', name: 'Licence 1', abbr: 'L1' };
  const rename = (name: string, baseRevision: number, createdAt: string) =>
    putMutation({
      collection: 'levels',
      recordId: level.id,
      changedFields: ['name'],
      values: { name },
      baseRevision,
      createdAt,
    });

  async function levelName(cookie: string): Promise<unknown> {
    const response = await api(`${db.server.url}/api/changes?orgId=${ORG}&since=0&limit=2000`, cookie);
    const feed = (await response.json()) as { changes: { id: string; data: { name?: unknown } | null }[] };
    return feed.changes.find((c) => c.id === level.id)?.data?.name;
  }

  it.each([
    ['a version newer than the server', 99],
    ['a version older than any the server speaks', 0],
    ['a version that is not a number', 'deux'],
  ])('answers %s with 426 and "mettez à jour", applying nothing', async (_, protocol) => {
    const { cookie, revision } = await seedOrg(db.server.url, ORG);
    const mutation = putMutation({ collection: 'levels', recordId: level.id, values: level });
    const response = await push(cookie, { protocol, clientId: 'device-1', mutations: [mutation] });
    expect(response.status).toBe(426);
    const body = (await response.json()) as { error: string; message: string };
    expect(body).toEqual({ error: 'update-required', message: frSync.updateRequired });
    expect(body.message).toContain('mettez à jour');
    // Nothing applied: the next push of the same mutation is new to the server.
    expect(await pushed(cookie, 'device-1', mutation)).toBe(revision + 1);
  });

  it('still takes a push without a version (apps before the versioning speak version 1)', async () => {
    const { cookie, revision } = await seedOrg(db.server.url, ORG);
    const mutation = putMutation({ collection: 'levels', recordId: level.id, values: level });
    const response = await push(cookie, { clientId: 'device-1', mutations: [mutation] });
    expect(response.status).toBe(200);
    expect(pushResponseSchema.parse(await response.json()).revision).toBe(revision + 1);
  });

  it('does not let another person borrow a device id to overwrite an edit they never saw', async () => {
    const { cookie: root } = await seedOrg(db.server.url, ORG, { users: [await administrator(SECOND)] });
    const second = await signIn(db.server.url, ORG, SECOND.email, SECOND.password);
    const created = await pushed(
      root,
      'root-phone',
      putMutation({ collection: 'levels', recordId: level.id, values: level }),
    );
    // The root administrator renames the level from their phone at 10:00...
    await pushed(root, 'root-phone', rename('Licence 1 (Dakar)', created, '2026-11-16T10:00:00.000Z'));
    // ...and the second administrator, who never saw that, sends an older edit under the root's device id.
    await pushed(second, 'root-phone', rename('Intrus', created, '2026-11-16T09:00:00.000Z'));
    // Concurrent edits, the later one kept and the other logged: never taken as the same device's newer edit.
    expect(await levelName(root)).toBe('Licence 1 (Dakar)');
    const conflicts = await api(`${db.server.url}/api/conflicts?orgId=${ORG}`, root);
    const logged = (await conflicts.json()) as { conflicts: { recordId: string; lostValue: unknown }[] };
    expect(logged.conflicts).toEqual([expect.objectContaining({ recordId: level.id, lostValue: 'Intrus' })]);
  });

  it('keeps trusting a device id for its own person: their later edit from it is never concurrent', async () => {
    const { cookie: root } = await seedOrg(db.server.url, ORG);
    const created = await pushed(
      root,
      'root-phone',
      putMutation({ collection: 'levels', recordId: level.id, values: level }),
    );
    await pushed(root, 'root-phone', rename('Licence 1 (Dakar)', created, '2026-11-16T10:00:00.000Z'));
    // Sent later from the same phone (its clock behind): the device's own successive edits, the last one wins.
    await pushed(root, 'root-phone', rename('Licence 1 (Thiès)', created, '2026-11-16T09:00:00.000Z'));
    expect(await levelName(root)).toBe('Licence 1 (Thiès)');
  });
});
