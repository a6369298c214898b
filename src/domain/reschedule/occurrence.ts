import type { DateTime } from 'luxon';
import type { Slot } from '../store/schema';
import { formatClockTime, parseClockTime, parseIsoDate, toUtc, type InstantLike } from '../time/instant';
import { slotDates, slotOccursOn, type TimetablePeriod } from '../time/timetable-dates';
import { RESCHEDULE_LEAD_HOURS, type RescheduleEligibility } from './next-occurrence';

/**
 * Issue 33: a reschedule request is about one dated occurrence of a course, the one of its timetable (a week
 * timetable holds one date per slot; a month timetable one per week). The occurrence asked for is `date`
 * when given (the course the teacher opened), else the first one of the timetable that has not started.
 */
export interface OccurrenceQuery {
  timetable: TimetablePeriod;
  slot: Pick<Slot, 'dayOfWeek' | 'startTime' | 'endTime' | 'canceled'>;
  /** 'YYYY-MM-DD' of the occurrence the teacher opened; must be a date of the slot in that timetable. */
  date?: string;
  now: InstantLike;
}

function startOn(date: string, startTime: string): DateTime | null {
  const day = parseIsoDate(date);
  const minutes = parseClockTime(startTime);
  return day && minutes !== null ? day.plus({ minutes }) : null;
}

/**
 * The start of the occurrence a request is about, or null when the slot has no occurrence in its timetable
 * that has not started (an occurrence that has started, even by a minute, cannot be rescheduled).
 */
export function requestedOccurrence(query: OccurrenceQuery): DateTime | null {
  const now = toUtc(query.now);
  const dates =
    query.date !== undefined
      ? slotOccursOn(query.timetable, query.slot.dayOfWeek, query.date)
        ? [query.date]
        : []
      : slotDates(query.timetable, query.slot.dayOfWeek);
  for (const date of dates) {
    const start = startOn(date, query.slot.startTime);
    if (start && start > now) return start;
  }
  return null;
}

/**
 * Whether a teacher may ask to reschedule this occurrence (spec part 2 point 4 and issue 33), in order:
 * - 'canceled': the course is canceled;
 * - 'invalid-slot': a time is unreadable;
 * - 'started': the occurrence has started or is over (or is not a date of the slot in its timetable);
 * - 'too-late': it starts less than 24 hours from now (exactly 24 hours is allowed).
 * The value prefills the request with that occurrence's date and the slot's times.
 */
export function occurrenceEligibility(query: OccurrenceQuery): RescheduleEligibility {
  const { slot } = query;
  if (slot.canceled) return { ok: false, code: 'canceled' };
  const end = parseClockTime(slot.endTime);
  if (end === null || parseClockTime(slot.startTime) === null) return { ok: false, code: 'invalid-slot' };
  const occurrence = requestedOccurrence(query);
  if (!occurrence) return { ok: false, code: 'started' };
  if (occurrence.diff(toUtc(query.now), 'hours').hours < RESCHEDULE_LEAD_HOURS)
    return { ok: false, code: 'too-late' };
  return {
    ok: true,
    value: {
      occurrence,
      proposedDate: occurrence.toISODate() ?? '',
      proposedStartTime: formatClockTime(occurrence.hour * 60 + occurrence.minute),
      proposedEndTime: formatClockTime(end),
    },
  };
}
