import type { Slot, Timetable } from '../store/schema';

/** What a check-in history points at: a slot of a timetable, by its index (planning logs, notifications...). */
export interface SlotReference {
  timetableId: string;
  slotIndex: number;
}

/** Same periodicity and same Monday (week) or same year and month (month). */
function samePeriod(a: Timetable, b: Timetable): boolean {
  if (a.periodicity !== b.periodicity) return false;
  if (a.periodicity === 'week') return a.weekStartDate === b.weekStartDate;
  return a.year === b.year && a.month === b.month;
}

/**
 * The stored timetables an import would double: those of an earlier import (they carry an import id) for
 * the same class and the same period as one of the new timetables. Asked about before saving ("Remplacer"
 * or "Ajouter"), so that importing the same file twice never silently doubles every course.
 */
export function earlierImportTimetables(
  candidates: readonly Timetable[],
  stored: readonly Timetable[],
): Timetable[] {
  const candidateIds = new Set(candidates.map((c) => c.id));
  return stored.filter(
    (timetable) =>
      !candidateIds.has(timetable.id) &&
      typeof timetable.planningImportId === 'string' &&
      timetable.planningImportId !== '' &&
      candidates.some((c) => c.classId === timetable.classId && samePeriod(c, timetable)),
  );
}

function slotIdentity(slot: Slot): string {
  return [slot.dayOfWeek, slot.startTime, slot.endTime, slot.moduleId, slot.teacherUserId].join('|');
}

export interface ReplacementPlan {
  /** Earlier timetables rewritten in place (same id): the new file's courses, history kept. */
  updated: Timetable[];
  /** New timetables for classes and periods that had none. */
  created: Timetable[];
  /** Earlier timetables of the same class and period without any history: their courses are replaced. */
  removed: Timetable[];
  /** Earlier courses missing from the new file but kept: a check-in or a request was recorded on them. */
  kept: number;
}

/**
 * "Remplacer" (re-import): the earlier import's courses for the classes and periods of the new file are
 * replaced by the new ones. History (check-ins, changes, requests) points at a slot by its index, and
 * those records are append-only: a slot with history keeps its index, whether it stays or not — removing
 * a course already checked in would drop hours that were taught. Every other index is free: the courses
 * of the new file fill them in order, a course present in both simply stays where it was.
 */
export function planReplacement(input: {
  candidates: readonly Timetable[];
  earlier: readonly Timetable[];
  /** Slots some history record points at (planning logs, reschedule requests, notifications). */
  withHistory: readonly SlotReference[];
  importId: string;
}): ReplacementPlan {
  const history = new Set(input.withHistory.map((ref) => `${ref.timetableId}#${ref.slotIndex}`));
  const plan: ReplacementPlan = { updated: [], created: [], removed: [], kept: 0 };
  const used = new Set<string>();
  for (const candidate of input.candidates) {
    const previous = input.earlier.filter(
      (t) => !used.has(t.id) && t.classId === candidate.classId && samePeriod(t, candidate),
    );
    const [target, ...others] = previous;
    if (target === undefined) {
      plan.created.push(candidate);
      continue;
    }
    for (const t of previous) used.add(t.id);
    const pending = [...candidate.slots];
    const take = (slot: Slot): Slot | null => {
      const at = pending.findIndex((s) => slotIdentity(s) === slotIdentity(slot));
      return at < 0 ? null : (pending.splice(at, 1)[0] ?? null);
    };
    const slots: (Slot | null)[] = target.slots.map((slot, index) => {
      if (!history.has(`${target.id}#${index}`)) return null;
      const fresh = take(slot);
      if (fresh === null) plan.kept += 1;
      // The course stays where its history points; the new file may give it a room or a delivery type.
      return fresh === null
        ? slot
        : { ...slot, deliveryMode: fresh.deliveryMode, ...(fresh.room ? { room: fresh.room } : {}) };
    });
    // A course present in both, without history, also keeps its place when it is free.
    target.slots.forEach((slot, index) => {
      if (slots[index] !== null) return;
      const fresh = take(slot);
      if (fresh !== null) slots[index] = { ...fresh, id: slot.id ?? fresh.id };
    });
    for (let index = 0; index < slots.length && pending.length > 0; index += 1) {
      if (slots[index] === null) slots[index] = pending.shift() ?? null;
    }
    // Free places left below a course with history cannot close up (its index would move): the earlier
    // course there stays.
    const lastPinned = slots.reduce(
      (last, slot, index) => (slot !== null && history.has(`${target.id}#${index}`) ? index : last),
      -1,
    );
    const final: Slot[] = [];
    slots.forEach((slot, index) => {
      if (slot !== null) final.push(slot);
      else if (index < lastPinned) {
        final.push(target.slots[index] as Slot);
        plan.kept += 1;
      }
    });
    final.push(...pending);
    plan.updated.push({ ...target, planningImportId: input.importId, slots: final });
    for (const other of others) {
      if (other.slots.some((_, index) => history.has(`${other.id}#${index}`))) continue;
      plan.removed.push(other);
    }
  }
  return plan;
}
