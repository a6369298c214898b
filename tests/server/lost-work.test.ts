import { beforeEach, describe, expect, it } from 'vitest';
import { api, ROOT_ADMIN, serverBackends, storeOf, useSeededOrg, type RunningServer } from './helpers';

/**
 * Issue 31 item 7, over HTTP on every storage engine: a device whose browser cleared its storage reports the
 * changes it lost; the administrators find it in Journal des actions (a userLogs entry the server writes,
 * actor and time its own). A report sent again is written once; an anonymous or malformed one is refused.
 */
const backends = await serverBackends();
const ORG = 'ecole-perte';

const report = {
  id: 'rep-12345678',
  count: 2,
  oldestAt: '2026-11-16T08:05:00.000Z',
  latestAt: '2026-11-16T08:07:00.000Z',
  noticedAt: '2026-11-16T10:00:00.000Z',
  userName: 'Moussa Fall',
};

describe.each(backends)('$name: lost work reported by a device', (backend) => {
  let server: RunningServer;
  let cookie: string;
  const url = () => `${server.url}/api/lost-work?orgId=${ORG}`;
  const entries = async () =>
    (await storeOf(server, ORG)).userLogs.filter((l) => l.action === 'device-lost-work');

  const org = useSeededOrg(backend, ORG);
  beforeEach(() => {
    ({ server, root: cookie } = org);
  });

  it('writes one journal entry, by the session, saying how many changes were lost and when', async () => {
    const before = Date.now();
    const first = await api(url(), cookie, { method: 'POST', body: report });
    expect(first.status).toBe(200);
    const [entry, ...more] = await entries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorUserId: ROOT_ADMIN.id,
      actorUserName: ROOT_ADMIN.name,
      targetUserId: ROOT_ADMIN.id,
    });
    expect(Date.parse(entry?.timestamp ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(entry?.details).toBe(
      '2 modifications non envoyées perdues sur un appareil (faites du 16/11/2026 à 08:05 au 16/11/2026 à 08:07, ' +
        'par Moussa Fall) : le navigateur a effacé les données de l’application avant l’envoi. ' +
        'Constaté le 16/11/2026 à 10:00.',
    );
    // Sent again (its answer was lost): still one entry.
    expect((await api(url(), cookie, { method: 'POST', body: report })).status).toBe(200);
    expect(await entries()).toHaveLength(1);
  });

  it('refuses a report without a session or with a count below one', async () => {
    expect((await api(url(), null, { method: 'POST', body: report })).status).toBe(401);
    expect((await api(url(), cookie, { method: 'POST', body: { ...report, count: 0 } })).status).toBe(400);
    expect(await entries()).toHaveLength(0);
  });
});
