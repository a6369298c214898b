import { afterEach, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { setMeta } from '../../src/db/meta';
import { ensureInitialised } from '../../src/db/store-io';

// Issue 29, item 7: the first-start defaults are written untracked, so only on a device that never loaded a
// server's store: written behind a sign-in's load, they were records the server lacked ("Synchronisé").
let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

it('writes the defaults on a new device, untracked', async () => {
  db = openDatabase('ensure-initialised-new');
  await ensureInitialised(db);
  expect(await db.profiles.count()).toBeGreaterThan(0);
  expect(await db.outbox.count()).toBe(0);
});

it('writes nothing once the device has loaded a server store', async () => {
  db = openDatabase('ensure-initialised-loaded');
  await setMeta(db, 'loadedScope', { who: 'user:u-1', rights: 'r' });
  await ensureInitialised(db);
  expect(await db.profiles.count()).toBe(0);
  expect(await db.users.count()).toBe(0);
});
