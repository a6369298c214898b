import { describe, expect, it } from 'vitest';
import { putMutation } from '../support/builders';
import type { Mutation } from '../../src/domain/sync/protocol';
import { api, pushChanges, pushResults, ROOT_ADMIN, serverBackends, storeOf, useSeededOrg } from './helpers';

/**
 * The NUL character (U+0000) is text JavaScript and SQLite keep, and PostgreSQL refuses in any text it stores
 * or compares (22021): a sign-in e-mail, a device id, a mutation id or a record's name holding one answered a
 * raw 500 on PostgreSQL, and a batch holding one failed its whole group commit, every other device's batch of
 * the group then run again alone. A request whose JSON or address holds one is now refused before anything
 * is read or counted, with a French 400, the same on both databases.
 */
const ORG = 'nul';

for (const backend of await serverBackends()) {
  describe(`a NUL character on ${backend.name}`, () => {
    const org = useSeededOrg(backend, ORG);

    const expectRefused = async (response: Response) => {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('nul-character');
      expect(body.message).toMatch(/caractère nul/);
    };

    it('in a sign-in e-mail: a French 400, never a 500', async () => {
      await expectRefused(
        await api(`${org.server.url}/api/auth/login`, null, {
          method: 'POST',
          body: { orgId: ORG, email: `root\u0000@ecole.test`, password: ROOT_ADMIN.password },
        }),
      );
    });

    const level = (id: string, values: Record<string, unknown> = {}, fields: Partial<Mutation> = {}) =>
      putMutation({
        collection: 'levels',
        recordId: id,
        values: { id, name: `Niveau ${id}`, abbr: id, ...values },
        ...fields,
      });

    it.each([
      ['a mutation id', { mutationId: 'm\u0000x' }],
      ['a record id', { recordId: 'l\u0000x' }],
      ['a change time', { createdAt: '2026-11-16T08:00:00.000Z\u0000' }],
    ])('in %s of a push: the push refused whole, nothing stored', async (_, fields) => {
      const before = await storeOf(org.server, ORG);
      await expectRefused(
        await pushChanges(org.server.url, ORG, org.root, [level('l-ok'), level('l-nul', {}, fields)]),
      );
      expect((await storeOf(org.server, ORG)).levels).toEqual(before.levels);
    });

    it("in a record's value: that change rejected as an invalid record, the others applied", async () => {
      const results = await pushResults(org.server.url, ORG, org.root, [
        level('l-ok'),
        level('l-nul', { name: 'Niveau\u0000 1' }),
        level('l-key', { 'na\u0000me': 'x' }),
      ]);
      expect(results.map((r) => [r.status, r.reason])).toEqual([
        ['applied', undefined],
        ['rejected', 'invalid-record'],
        ['rejected', 'invalid-record'],
      ]);
      expect((await storeOf(org.server, ORG)).levels.map((l) => l.id)).toContain('l-ok');
      expect((await storeOf(org.server, ORG)).levels.map((l) => l.id)).not.toContain('l-nul');
    });

    it('in a device id: refused', async () => {
      await expectRefused(
        await pushChanges(org.server.url, ORG, org.root, [level('l-ok')], { clientId: 'pc\u0000' }),
      );
    });

    it('in an address: refused', async () => {
      await expectRefused(await api(`${org.server.url}/api/changes?orgId=${ORG}&since=0%00`, org.root));
    });

    it('in a whole store sent back (a restore): refused, nothing replaced', async () => {
      const store = await storeOf(org.server, ORG);
      const response = await api(`${org.server.url}/api/store?orgId=${ORG}`, org.root, {
        method: 'PUT',
        body: { ...store, levels: [{ id: 'l-x', name: 'Niveau\u0000', abbr: 'X' }] },
      });
      await expectRefused(response);
      expect((await storeOf(org.server, ORG)).levels).toEqual(store.levels);
    });

    it('escaped, « \\u0000 » is six plain characters: accepted', async () => {
      const [result] = await pushResults(org.server.url, ORG, org.root, [
        level('l-text', { name: 'Niveau \\u0000' }),
      ]);
      expect(result?.status).toBe('applied');
      expect((await storeOf(org.server, ORG)).levels.find((l) => l.id === 'l-text')?.name).toBe(
        'Niveau \\u0000',
      );
    });
  });
}
