import { describe, expect, it } from 'vitest';
import { putMutation } from '../support/builders';
import { pushResults, seedOrg, serverBackends, storeOf, useTestDb } from './helpers';

/**
 * Issue 33 point 8 over real HTTP on every storage engine: a settings change carries its journal entry in the
 * same batch; the server accepts the entry only when the batch made the change it names, and stamps its actor.
 */
const backends = await serverBackends();
const ORG = 'ecole-journal-parametres';

const settingsLog = (id: string, recordId: string, actorUserId: string) =>
  putMutation({
    collection: 'userLogs',
    recordId: id,
    values: {
      id,
      action: 'settings-change',
      targetUserId: null,
      targetUserName: null,
      actorUserId,
      actorUserName: 'Quelqu’un d’autre',
      timestamp: '2026-11-16T08:00:00.000Z',
      targetCollection: 'classes',
      targetId: recordId,
      targetName: 'L2 INFO',
      settingsOp: 'create',
    },
  });

describe.each(backends)('$name: settings changes in the journal (issue 33)', (backend) => {
  const db = useTestDb(backend);

  it('accepts the entry of a change its batch made, refuses one naming no change', async () => {
    const { server } = db;
    const { cookie } = await seedOrg(server.url, ORG, {
      levels: [{ id: 'l-2', name: 'Licence 2', abbr: 'L2' }],
      institutes: [{ id: 'i-1', name: 'Institut', abbr: 'ISI' }],
    });
    const push = (mutations: ReturnType<typeof putMutation>[]) =>
      pushResults(server.url, ORG, cookie, mutations, { clientId: 'poste-1' });

    const made = await push([
      putMutation({
        collection: 'classes',
        recordId: 'c-new',
        values: { id: 'c-new', code: 'L2 INFO', levelId: 'l-2', instituteId: 'i-1' },
      }),
      settingsLog('log-ok', 'c-new', 'u-root'),
    ]);
    expect(made.map((r) => r.status)).toEqual(['applied', 'applied']);

    const alone = await push([settingsLog('log-alone', 'c-new', 'u-root')]);
    expect(alone[0]).toMatchObject({
      status: 'rejected',
      reason: 'forbidden',
      detail: 'no-change-described',
    });

    const store = await storeOf(server, ORG);
    const logs = store.userLogs.filter((l) => l.action === 'settings-change');
    expect(logs.map((l) => l.id)).toEqual(['log-ok']);
    // The server names the actor from the session, whatever the device wrote.
    expect(logs[0]).toMatchObject({
      actorUserId: 'u-root',
      actorUserName: 'Admin Racine',
      targetId: 'c-new',
    });
  });
});
