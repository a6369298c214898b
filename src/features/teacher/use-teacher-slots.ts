import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { slotOccurrences } from '../../domain/planning/occurrences';
import { isSlotVisibleTo } from '../../domain/planning/permissions';
import { buildSlotDisplayItems, type SlotDisplayItem } from '../../domain/planning/slot-display';
import type { PlanningLog, Timetable } from '../../domain/store/schema';
import type { UtcRange } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { frSubstitute } from '../../i18n/fr-substitute';
import { teacherOccurrences } from '../../domain/absences/teacher-occurrences';
import {
  markSubstitution,
  substitutionsByItemKey,
  type SubstitutionWords,
} from '../../domain/planning/slot-substitution';

/**
 * "Remplacement · module" on a course she gives for another (the absent teacher is named in a pill, not in
 * the subtitle); "Remplacé par …" on hers, which has no attendance of hers.
 */
const substitutionWords: SubstitutionWords = {
  substituteTitle: frSubstitute.substituteTitle,
  replacedBy: frSubstitute.replacedBy,
  unknownName: fr.teacher.unknown,
};

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
    const marks = substitutionsByItemKey(given);
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
      items: items.map((item) =>
        markSubstitution(item, marks.get(item.key), teacherNames, substitutionWords),
      ),
      timetables: new Map(timetables.map((t) => [t.id, t])),
      logs,
    };
  }, [userId, startMs, endMs, nowMs]);
}
