import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { startAutoCheckoutLoop } from '../../services/attendance';
import { useToast } from '../../ui/toast';

/**
 * Mounted once by the shell of a signed-in session:
 * - runs the automatic check-out every 15 seconds (spec part 2 point 4), on every device, kiosks included;
 * - for profiles with the attendance module only, shows 'Arrivée'/'Départ' + teacher, class, module when a
 *   check-in/out notification appears that was not there before, written here or brought by sync (spec part 2
 *   points 2 and 8). Notifications present when the session starts are not replayed.
 */
export function AttendanceWatcher({ hasAttendance }: { hasAttendance: boolean }) {
  useEffect(() => startAutoCheckoutLoop(), []);
  const toast = useToast();
  const ids = useLiveQuery(
    async (): Promise<string[]> => (hasAttendance ? appDb().notifications.toCollection().primaryKeys() : []),
    [hasAttendance],
  );
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!ids || !hasAttendance) return;
    if (!seen.current) {
      seen.current = new Set(ids);
      return;
    }
    const fresh = ids.filter((id) => !seen.current?.has(id));
    for (const id of fresh) seen.current.add(id);
    if (fresh.length === 0) return;
    void (async () => {
      const db = appDb();
      for (const n of await db.notifications.bulkGet(fresh)) {
        // Attendance toasts are about check-ins and check-outs (issue 35's substitution notices: the bell).
        if (!n || n.read || (n.kind !== 'checkin' && n.kind !== 'checkout')) continue;
        const [teacher, schoolClass, module] = await Promise.all([
          n.teacherUserId ? db.users.get(n.teacherUserId) : undefined,
          n.classId ? db.classes.get(n.classId) : undefined,
          n.moduleId ? db.courseModules.get(n.moduleId) : undefined,
        ]);
        const parts = [teacher?.name, schoolClass?.code, module?.name].filter((p) => p !== undefined);
        toast.show(fr.attendance.toast(n.kind, parts), 'info');
      }
    })();
  }, [ids, hasAttendance, toast]);
  return null;
}
