import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { readPaged } from '../../db/paged-read';
import { ORG_SETTINGS_ID, PIN_VALIDITY_DAYS_DEFAULT } from '../../domain/defaults';

/** Everything the users screen reads; re-read whenever one of these tables changes. */
export function useUsersData() {
  return useLiveQuery(async () => {
    const db = appDb();
    const [users, profiles, institutes, levels, settings] = await Promise.all([
      readPaged(db.users),
      db.profiles.toArray(),
      db.institutes.toArray(),
      db.levels.toArray(),
      db.settings.get(ORG_SETTINGS_ID),
    ]);
    users.sort((a, b) => a.name.localeCompare(b.name, 'fr'));
    return {
      users,
      profiles,
      institutes,
      levels,
      pinValidityDays: settings?.pinValidityDays ?? PIN_VALIDITY_DAYS_DEFAULT,
    };
  }, []);
}
