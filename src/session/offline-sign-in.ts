import type { AppDatabase } from '../db/database';
import { getMeta, setMeta } from '../db/meta';
import { isEncodedHash } from '../domain/secrets';

/**
 * The hashes a device keeps for offline sign-in (DeviceMeta.offlineHashes): only the people who ticked
 * "Se souvenir de moi" at their last sign-in here, each their own. Nobody else's hash is ever kept: a shared
 * device's next user could otherwise try passwords against it at leisure.
 */
async function rememberedHashes(db: AppDatabase): Promise<Record<string, string>> {
  // Earlier versions kept the hash of everyone who signed in online: dropped once (they sign in online again).
  if (!(await getMeta(db, 'offlineHashesRememberedOnly'))) {
    await setMeta(db, 'offlineHashesRememberedOnly', true);
    await setMeta(db, 'offlineHashes', {});
    return {};
  }
  return getMeta(db, 'offlineHashes');
}

/** After a sign-in: keeps this person's hash if they ticked "Se souvenir de moi", forgets it otherwise. */
export async function keepOfflineSignIn(
  db: AppDatabase,
  user: { id: string; passwordHash?: string | undefined },
  remember: boolean,
): Promise<void> {
  const hashes = { ...(await rememberedHashes(db)) };
  if (remember && isEncodedHash(user.passwordHash)) hashes[user.id] = user.passwordHash;
  else if (!remember) delete hashes[user.id];
  await setMeta(db, 'offlineHashes', hashes);
}

/** After a password change: the new hash replaces the old one, for a person who is remembered here only. */
export async function updateOfflineSignIn(
  db: AppDatabase,
  user: { id: string; passwordHash?: string | undefined },
): Promise<void> {
  const hashes = await rememberedHashes(db);
  if (!(user.id in hashes) || !isEncodedHash(user.passwordHash)) return;
  await setMeta(db, 'offlineHashes', { ...hashes, [user.id]: user.passwordHash });
}

/** The offline sign-in hash of this person, if they are remembered here. */
export async function offlineHashOf(db: AppDatabase, userId: string): Promise<string | undefined> {
  return (await rememberedHashes(db))[userId];
}
