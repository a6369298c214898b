import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { slotOccurrences } from '../../domain/planning/occurrences';
import { isSlotVisibleTo } from '../../domain/planning/permissions';
import { buildSlotDisplayItems, type SlotDisplayItem } from '../../domain/planning/slot-display';
import type { PlanningLog, Timetable } from '../../domain/store/schema';
import type { UtcRange } from '../../domain/time/period';
import { fr } from '../../i18n/fr';

export interface TeacherSlots {
  items: SlotDisplayItem[];
  timetables: ReadonlyMap<string, Timetable>;
  logs: PlanningLog[];
}

/**
 * The signed-in teacher's courses dated in a range. spec part 2 point 6: without the actions module a
 * teacher sees only the slots they teach that are not canceled. Re-read on every change of the store.
 */
export function useTeacherSlots(userId: string, range: UtcRange, now: Date): TeacherSlots | undefined {
  const startMs = range.start.toMillis();
  const endMs = range.end.toMillis();
  const nowMs = now.getTime();
  return useLiveQuery(async () => {
    const db = appDb();
    const [timetables, classes, modules, users, logs] = await Promise.all([
      db.timetables.toArray(),
      db.classes.toArray(),
      db.courseModules.toArray(),
      db.users.toArray(),
      db.planningLogs.where('teacherUserId').equals(userId).toArray(),
    ]);
    const viewer = { currentUserId: userId, hasPlanningActions: false };
    const occurrences = slotOccurrences(timetables, range).filter((o) => isSlotVisibleTo(o.slot, viewer));
    const { items } = buildSlotDisplayItems({
      occurrences,
      names: {
        classes: new Map(classes.map((c) => [c.id, c.code])),
        modules: new Map(modules.map((m) => [m.id, m.name])),
        teachers: new Map(users.map((u) => [u.id, u.name])),
        unknown: fr.teacher.unknown,
      },
      logs,
      now: new Date(nowMs),
      colorBy: 'module',
    });
    return { items, timetables: new Map(timetables.map((t) => [t.id, t])), logs };
  }, [userId, startMs, endMs, nowMs]);
}
