import { afterEach, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { hashSecret } from '../../src/domain/secrets';
import type { User } from '../../src/domain/store/schema';
import { keepOfflineSignIn } from '../../src/session/offline-sign-in';
import { signInWithPassword } from '../../src/session/sign-in';
import type { FetchLike } from '../../src/api/http';

// Issue 29: a one-time password past its invitation opens nothing on the device either, even with its hash
// kept there for offline sign-ins ("Se souvenir de moi" ticked at the first sign-in).
let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

const offline: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));

it.each([
  ['invitation still valid', new Date(Date.now() + 60_000).toISOString(), true],
  ['invitation ended', new Date(Date.now() - 1_000).toISOString(), false],
])('offline, a one-time password with its %s opens: %s', async (_name, expiresAt, opens) => {
  db = openDatabase(`offline-invitation-${String(opens)}`);
  const passwordHash = await hashSecret('Unique-2026', { iterations: 1_000 });
  const user: User = {
    id: 'u-1',
    name: 'Awa',
    email: 'awa@ecole.sn',
    profileId: null,
    status: 'Active',
    mustChangePassword: true,
    invitationExpiresAt: expiresAt,
  };
  await db.users.put(user);
  await keepOfflineSignIn(db, { id: 'u-1', passwordHash }, true);
  const result = await signInWithPassword(
    db,
    { email: 'awa@ecole.sn', password: 'Unique-2026', remember: true },
    offline,
  );
  if (opens) expect(result.ok).toBe(true);
  else expect(result).toEqual({ ok: false, code: 'invitation-expired' });
});
