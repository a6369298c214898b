import { beforeEach, describe, expect, it } from 'vitest';
import type { StoreV1 } from '../../src/domain/store/schema';
import { withPin } from '../support/builders';
import { api, enrolKiosk, serverBackends, useSeededOrg, type RunningServer } from './helpers';

/**
 * The kiosk roster (teachers only unless the kiosk is set to list administrators too) is enforced by the
 * server's PIN check as well: a PIN sign-in for an account the roster leaves out is refused whatever the
 * PIN, so a script on a teachers-only kiosk cannot use an administrator's PIN there.
 */
const backends = await serverBackends();
const ORG = 'ecole-borne';
const TEACHER = { id: 'u-teacher', pin: '135790' } as const;
const ADMIN = { id: 'u-admin-teacher', pin: '246801' } as const;

/** A teacher and a teaching administrator, both with a PIN and no password. */
async function orgData(): Promise<Partial<StoreV1>> {
  return {
    profiles: [
      {
        id: 'admin-teacher',
        name: 'Directeur des études',
        moduleIds: ['user-mgmt', 'users', 'teacher', 'teacher.today', 'teacher.contract'],
        formFieldKeys: ['email'],
      },
    ],
    users: [
      await withPin(
        {
          id: TEACHER.id,
          name: 'Moussa Fall',
          email: 'moussa@ecole.sn',
          profileId: 'teacher',
          status: 'Active',
        },
        TEACHER.pin,
      ),
      await withPin(
        {
          id: ADMIN.id,
          name: 'Awa Directrice',
          email: 'awa@ecole.sn',
          profileId: 'admin-teacher',
          status: 'Active',
        },
        ADMIN.pin,
      ),
    ],
  };
}

let server: RunningServer;
let kiosk: string;
let admin: string;

const pinCheck = (body: Record<string, unknown>) =>
  api(`${server.url}/api/auth/pin`, kiosk, { method: 'POST', body: { orgId: ORG, ...body } });

describe.each(backends)('$name: the kiosk roster on the server', (backend) => {
  const org = useSeededOrg(backend, ORG, { store: orgData });
  beforeEach(async () => {
    ({ server, root: admin } = org);
    kiosk = await enrolKiosk(server.url, admin, 'Salle 12');
  });

  it('refuses an administrator’s right PIN on a teachers-only kiosk, and says why', async () => {
    const response = await pinCheck({ userId: ADMIN.id, pin: ADMIN.pin });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'not-in-roster' });
  });

  it('refuses before looking at the PIN: a wrong PIN gets the same answer (no PIN oracle)', async () => {
    const response = await pinCheck({ userId: ADMIN.id, pin: '000000' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'not-in-roster' });
  });

  it('accepts a teacher’s PIN; the tablet declaring "administrators too" changes nothing', async () => {
    expect((await pinCheck({ userId: TEACHER.id, pin: TEACHER.pin })).status).toBe(200);
    // Before this fix the server believed the flag the tablet sent.
    const forged = await pinCheck({ userId: ADMIN.id, pin: ADMIN.pin, includesAdminProfiles: true });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: 'not-in-roster' });
    const wrong = await pinCheck({ userId: TEACHER.id, pin: '000000' });
    expect(wrong.status).toBe(401);
  });

  it('lists administrators once an administrator signed in on the kiosk sets it, and only then', async () => {
    const both = `${admin}; ${kiosk}`;
    const options = (cookie: string, listsAdmins: unknown) =>
      api(`${server.url}/api/kiosk/options`, cookie, { method: 'PUT', body: { listsAdmins } });
    // The kiosk alone (no administrator), or an administrator on a browser that is not a kiosk: refused.
    expect((await options(kiosk, true)).status).toBe(401);
    expect((await options(admin, true)).status).toBe(409);
    expect((await options(both, 'yes')).status).toBe(400);
    expect((await pinCheck({ userId: ADMIN.id, pin: ADMIN.pin })).status).toBe(403);
    expect((await options(both, true)).status).toBe(200);
    expect((await pinCheck({ userId: ADMIN.id, pin: ADMIN.pin })).status).toBe(200);
    expect((await options(both, false)).status).toBe(200);
    expect((await pinCheck({ userId: ADMIN.id, pin: ADMIN.pin })).status).toBe(403);
  });

  it('a kiosk hammering a teacher’s PIN is throttled; the teacher’s own classroom kiosk is not', async () => {
    const secondKiosk = await enrolKiosk(server.url, admin, 'Salle 14');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await pinCheck({ userId: TEACHER.id, pin: `00000${i % 10}` })).status);
    // The server counts the spec's 3 tries for this kiosk (issue 29 item 4): a cooldown (403) after the
    // third, and the per-pair rate limit (429) past ten.
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Before, the counter was the teacher's everywhere: her right PIN answered 429 on every kiosk.
    const elsewhere = await api(`${server.url}/api/auth/pin`, secondKiosk, {
      method: 'POST',
      body: { orgId: ORG, userId: TEACHER.id, pin: TEACHER.pin },
    });
    expect(elsewhere.status).toBe(200);
  });
});
