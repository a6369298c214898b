import type { Timetable } from '../store/schema';
import { parseClockTime } from '../time/instant';
import { slotDates } from '../time/timetable-dates';
import { givenSlotOn, substitutionIndex, type SubstitutionLike } from './given-occurrences';

export interface SlotRef {
  timetableId: string;
  slotIndex: number;
}

export interface TeacherConflict {
  teacherUserId: string;
  /** The two slots, in a stable order (timetable id, then slot index). */
  a: SlotRef;
  b: SlotRef;
  /** The calendar dates on which both happen ('YYYY-MM-DD'). */
  dates: string[];
}

interface TimedOccurrence {
  ref: SlotRef;
  start: number;
  end: number;
}

function compareRefs(a: SlotRef, b: SlotRef): number {
  return a.timetableId.localeCompare(b.timetableId) || a.slotIndex - b.slotIndex;
}

/**
 * spec part 2 point 5: a conflict is the same teacher, the same day, overlapping times (start < other end and
 * other start < end); canceled slots are ignored. "Same day" is the actual date, so a month timetable's
 * Monday slot meets every weekly timetable's Monday of that month.
 * Issue 35: with `substitutions`, each date's occurrence is checked as it is given (givenSlotOn, the rule of
 * workload and statements): under its substitute, not its absent teacher; not at all when cancelled for want
 * of one.
 */
export function findTeacherConflicts(
  timetables: readonly Timetable[],
  substitutions: readonly SubstitutionLike[] = [],
): TeacherConflict[] {
  const index = substitutionIndex(substitutions);
  const byTeacherAndDate = new Map<string, TimedOccurrence[]>();
  for (const timetable of timetables) {
    timetable.slots.forEach((planned, slotIndex) => {
      if (planned.canceled) return;
      const start = parseClockTime(planned.startTime);
      const end = parseClockTime(planned.endTime);
      if (start === null || end === null || end <= start) return;
      for (const date of slotDates(timetable, planned.dayOfWeek)) {
        const { slot } = givenSlotOn(index, { timetableId: timetable.id, slot: planned, slotIndex, date });
        if (slot.canceled || !slot.teacherUserId) continue;
        const key = `${slot.teacherUserId}\u0000${date}`;
        const occurrence = { ref: { timetableId: timetable.id, slotIndex }, start, end };
        const list = byTeacherAndDate.get(key);
        if (list) list.push(occurrence);
        else byTeacherAndDate.set(key, [occurrence]);
      }
    });
  }

  const conflicts = new Map<string, TeacherConflict>();
  const startOf = new Map<string, number>();
  for (const [key, occurrences] of byTeacherAndDate) {
    const [teacherUserId = '', date = ''] = key.split('\u0000');
    for (let i = 0; i < occurrences.length; i += 1) {
      for (let j = i + 1; j < occurrences.length; j += 1) {
        const x = occurrences[i];
        const y = occurrences[j];
        if (!x || !y || !(x.start < y.end && y.start < x.end)) continue;
        const [a, b] = compareRefs(x.ref, y.ref) <= 0 ? [x.ref, y.ref] : [y.ref, x.ref];
        const pairKey = `${teacherUserId}\u0000${a.timetableId}\u0000${a.slotIndex}\u0000${b.timetableId}\u0000${b.slotIndex}`;
        const existing = conflicts.get(pairKey);
        if (existing) existing.dates.push(date);
        else conflicts.set(pairKey, { teacherUserId, a, b, dates: [date] });
        startOf.set(pairKey, Math.min(startOf.get(pairKey) ?? Number.POSITIVE_INFINITY, x.start, y.start));
      }
    }
  }
  // Listed as a person reads them: first date, then start time, then teacher; refs only break ties.
  return [...conflicts.entries()]
    .map(([key, conflict]) => ({
      conflict: { ...conflict, dates: [...conflict.dates].sort() },
      start: startOf.get(key) ?? 0,
    }))
    .sort(
      (x, y) =>
        (x.conflict.dates[0] ?? '').localeCompare(y.conflict.dates[0] ?? '') ||
        x.start - y.start ||
        x.conflict.teacherUserId.localeCompare(y.conflict.teacherUserId) ||
        compareRefs(x.conflict.a, y.conflict.a) ||
        compareRefs(x.conflict.b, y.conflict.b),
    )
    .map((entry) => entry.conflict);
}

/** The conflicts one slot takes part in, e.g. after a reschedule, to ask for confirmation. */
export function conflictsOfSlot(
  timetables: readonly Timetable[],
  ref: SlotRef,
  substitutions: readonly SubstitutionLike[] = [],
): TeacherConflict[] {
  const isRef = (candidate: SlotRef): boolean =>
    candidate.timetableId === ref.timetableId && candidate.slotIndex === ref.slotIndex;
  return findTeacherConflicts(timetables, substitutions).filter(
    (conflict) => isRef(conflict.a) || isRef(conflict.b),
  );
}
