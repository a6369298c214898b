import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { slotOccurrences } from '../../domain/planning/occurrences';
import { isSlotVisibleTo } from '../../domain/planning/permissions';
import { buildSlotDisplayItems, type SlotDisplayItem } from '../../domain/planning/slot-display';
import type { PlanningLog, Timetable } from '../../domain/store/schema';
import type { UtcRange } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { frSubstitute } from '../../i18n/fr-substitute';
import { teacherOccurrences, type OccurrenceSubstitution } from '../../domain/absences/teacher-occurrences';

/** "Remplacement" on a course she gives for another; "Remplacé par …" on hers, which has no attendance of hers. */
function markSubstitution(
  item: SlotDisplayItem,
  mark: OccurrenceSubstitution | undefined,
  names: ReadonlyMap<string, string>,
): SlotDisplayItem {
  if (!mark) return item;
  const otherName = names.get(mark.otherUserId) ?? fr.teacher.unknown;
  if (mark.kind === 'substitute')
    return {
      ...item,
      title: frSubstitute.substituteTitle(item.title),
      substitution: { kind: 'substitute', otherName },
    };
  return {
    ...item,
    status: null,
    subtitle: `${item.subtitle} · ${frSubstitute.replacedBy(otherName)}`,
    substitution: { kind: 'replaced', otherName },
  };
}

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
    const [timetables, classes, modules, users, logs, substitutions] = await Promise.all([
      db.timetables.toArray(),
      db.classes.toArray(),
      db.courseModules.toArray(),
      db.users.toArray(),
      db.planningLogs.where('teacherUserId').equals(userId).toArray(),
      db.substitutions.toArray(),
    ]);
    const viewer = { currentUserId: userId, hasPlanningActions: false };
    // Issue 35: her courses as substitutions leave them: those she gives in place of another, hers replaced.
    const given = teacherOccurrences(slotOccurrences(timetables, range), substitutions, userId).filter((g) =>
      isSlotVisibleTo(g.occurrence.slot, viewer),
    );
    const occurrences = given.map((g) => g.occurrence);
    const teacherNames = new Map(users.map((u) => [u.id, u.name]));
    const marks = new Map<string, OccurrenceSubstitution>(
      given.flatMap((g) =>
        g.substitution
          ? [
              [
                `${g.occurrence.timetable.id}:${g.occurrence.slotIndex}:${g.occurrence.date}`,
                g.substitution,
              ] as const,
            ]
          : [],
      ),
    );
    const { items } = buildSlotDisplayItems({
      occurrences,
      names: {
        classes: new Map(classes.map((c) => [c.id, c.code])),
        modules: new Map(modules.map((m) => [m.id, m.name])),
        teachers: teacherNames,
        unknown: fr.teacher.unknown,
      },
      logs,
      now: new Date(nowMs),
      colorBy: 'module',
    });
    return {
      items: items.map((item) => markSubstitution(item, marks.get(item.key), teacherNames)),
      timetables: new Map(timetables.map((t) => [t.id, t])),
      logs,
    };
  }, [userId, startMs, endMs, nowMs]);
}
