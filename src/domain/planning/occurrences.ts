import type { DateTime } from 'luxon';
import type { Slot, Timetable } from '../store/schema';
import type { UtcRange } from '../time/period';
import { slotDates, slotInstants } from '../time/timetable-dates';

/** One dated happening of a slot: a week timetable gives one per slot, a month timetable one per weekday. */
export interface SlotOccurrence {
  timetable: Timetable;
  slot: Slot;
  slotIndex: number;
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  start: DateTime;
  end: DateTime;
}

export interface OccurrenceOptions {
  /** Canceled slots are shown struck through on the planning views but count nowhere else. */
  includeCanceled?: boolean;
}

/** Every occurrence of the timetables' slots whose date lies in the range, sorted by start then class. */
export function slotOccurrences(
  timetables: readonly Timetable[],
  range: UtcRange,
  options: OccurrenceOptions = {},
): SlotOccurrence[] {
  const occurrences: SlotOccurrence[] = [];
  const from = range.start.toMillis();
  const to = range.end.toMillis();
  for (const timetable of timetables) {
    timetable.slots.forEach((slot, slotIndex) => {
      if (slot.canceled && !options.includeCanceled) return;
      for (const date of slotDates(timetable, slot.dayOfWeek)) {
        // Midnight UTC of the date, as parseIsoDate reads it (slotDates writes valid dates only).
        const day = Date.parse(`${date}T00:00:00.000Z`);
        if (day < from || day >= to) continue;
        const instants = slotInstants(date, slot);
        if (!instants) continue;
        occurrences.push({ timetable, slot, slotIndex, date, ...instants });
      }
    });
  }
  return occurrences.sort(
    (a, b) =>
      a.start.toMillis() - b.start.toMillis() ||
      a.end.toMillis() - b.end.toMillis() ||
      a.timetable.classId.localeCompare(b.timetable.classId) ||
      a.slotIndex - b.slotIndex,
  );
}
