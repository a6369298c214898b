import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { setKioskListsAdmins } from '../../src/db/kiosk-options';
import { setMeta } from '../../src/db/meta';
import { defaultProfiles } from '../../src/domain/defaults';
import { hashSecret } from '../../src/domain/secrets';
import type { User } from '../../src/domain/store/schema';
import { signInWithPin } from '../../src/session/sign-in';
import { TEST_ITERATIONS } from '../fixtures/sample-store';

/** The kiosk's PIN sign-in applies the kiosk roster on the device, and shows the server's refusal. */
let db: AppDatabase;
let n = 0;
const NOW = new Date('2026-11-23T10:00:00.000Z');
const PIN = '246801';

async function person(id: string, profileId: string): Promise<User> {
  return {
    id,
    name: id,
    email: `${id}@ecole.sn`,
    profileId,
    status: 'Active',
    pinHash: await hashSecret(PIN, { iterations: TEST_ITERATIONS }),
    pinExpiresAt: '2099-01-01T00:00:00.000Z',
  };
}

beforeEach(async () => {
  db = openDatabase(`kiosk-roster-sign-in-${(n += 1)}`);
  await db.profiles.bulkPut(defaultProfiles());
  // Super Admin holds every module, teacher.today included.
  await db.users.bulkPut([await person('u-admin', 'super-admin'), await person('u-teacher', 'teacher')]);
  await setMeta(db, 'kioskName', 'Salle 12');
});
afterEach(async () => {
  await db.delete();
});

const offline = async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));

describe('signInWithPin and the kiosk roster', () => {
  it('refuses an administrator on a teachers-only kiosk, offline too, without trying the PIN', async () => {
    const calls: string[] = [];
    const result = await signInWithPin(db, { userId: 'u-admin', pin: PIN }, NOW, async (url) => {
      calls.push(url);
      return offline();
    });
    expect(result).toEqual({ ok: false, code: 'not-in-roster' });
    expect(calls).toEqual([]);
    expect((await db.users.get('u-admin'))?.pinFailedAttempts).toBeUndefined();
  });

  it('signs a teacher in offline, and an administrator once the kiosk lists administrators', async () => {
    expect(await signInWithPin(db, { userId: 'u-teacher', pin: PIN }, NOW, offline)).toMatchObject({
      ok: true,
    });
    await setKioskListsAdmins(db, true);
    expect(await signInWithPin(db, { userId: 'u-admin', pin: PIN }, NOW, offline)).toMatchObject({
      ok: true,
    });
  });

  it('shows the server’s refusal (its rights may be newer than the device’s); the roster is the server’s own', async () => {
    let sent: unknown;
    const result = await signInWithPin(db, { userId: 'u-teacher', pin: PIN }, NOW, (_url, init) => {
      sent = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      return Promise.resolve(
        new Response(JSON.stringify({ error: 'not-in-roster' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    expect(result).toEqual({ ok: false, code: 'not-in-roster' });
    expect(sent).toMatchObject({ userId: 'u-teacher' });
    expect(sent).not.toHaveProperty('includesAdminProfiles');
  });
});
