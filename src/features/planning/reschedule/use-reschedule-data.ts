import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../../db/database';
import { groupRescheduleRequests, type RescheduleRequestGroups } from '../../../domain/reschedule/requests';

export interface RescheduleNames {
  classes: ReadonlyMap<string, string>;
  modules: ReadonlyMap<string, string>;
  users: ReadonlyMap<string, string>;
}

export interface RescheduleData {
  groups: RescheduleRequestGroups;
  names: RescheduleNames;
}

/** The requests, newest first in two groups, and the names the table shows; re-read on every change. */
export function useRescheduleData(): RescheduleData | undefined {
  return useLiveQuery(async () => {
    const db = appDb();
    const [requests, classes, modules, users] = await Promise.all([
      db.rescheduleRequests.toArray(),
      db.classes.toArray(),
      db.courseModules.toArray(),
      db.users.toArray(),
    ]);
    return {
      groups: groupRescheduleRequests(requests),
      names: {
        classes: new Map(classes.map((c) => [c.id, c.code])),
        modules: new Map(modules.map((m) => [m.id, m.name])),
        users: new Map(users.map((u) => [u.id, u.name])),
      },
    };
  }, []);
}
