import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { buildUserLog, type Actor } from '../../domain/journal/user-log';
import { randomId } from '../../domain/secrets';
import type { Profile } from '../../domain/store/schema';

export async function saveProfile(db: AppDatabase, profile: Profile): Promise<void> {
  await writeBatch(db, async (w) => {
    await w.put('profiles', profile);
  });
}

/** Deleting a profile clears profileId on its users (spec part 1 point 4); each user's journal says so. */
export async function deleteProfile(db: AppDatabase, profileId: string, actor: Actor): Promise<void> {
  const now = new Date();
  await writeBatch(db, async (w) => {
    const profile = await w.get('profiles', profileId);
    if (!profile) return;
    const users = await db.users.where('profileId').equals(profileId).toArray();
    for (const user of users) {
      await w.patch('users', user.id, { profileId: null });
      await w.put(
        'userLogs',
        buildUserLog({
          id: randomId('log-'),
          action: 'update',
          target: user,
          actor,
          now,
          details: `Profil « ${profile.name} » supprimé`,
          fields: [{ key: 'profileId', label: 'Profil', before: profile.name, after: '' }],
        }),
      );
    }
    await w.remove('profiles', profileId);
  });
}
