import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { closureCovering, slotDates, type MonthKey } from '../../domain/payroll/closing';
import type { Timetable } from '../../domain/store/schema';
import { readClosures } from '../../services/closing/month-closing';

/**
 * The closed month a slot of this timetable takes place in (issue 32), or null: changing it (cancel,
 * reschedule, type) would change that month, which the server refuses (server/closing-guard.ts). A week
 * across two months is closed for its days in the closed month only.
 */
export function useClosedSlotMonth(
  timetable: Timetable | null | undefined,
  dayOfWeek: number,
): MonthKey | null {
  return (
    useLiveQuery(async () => {
      if (!timetable) return null;
      const db = appDb();
      const closures = await readClosures(db);
      if (closures.length === 0) return null;
      const instituteId = (await db.classes.get(timetable.classId))?.instituteId ?? null;
      for (const date of slotDates(timetable, dayOfWeek)) {
        const month = date.slice(0, 7);
        if (closureCovering(closures, instituteId, month)) return month;
      }
      return null;
    }, [timetable, dayOfWeek]) ?? null
  );
}
