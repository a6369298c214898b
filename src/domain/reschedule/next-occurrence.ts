import type { DateTime } from 'luxon';
import type { Slot } from '../store/schema';
import { formatClockTime, parseClockTime, toIsoDate, toUtc, type InstantLike } from '../time/instant';

// spec part 2 point 4 and 9: a reschedule request needs the next occurrence to be at least 24 hours away.
export const RESCHEDULE_LEAD_HOURS = 24;

/**
 * The first instant strictly after now that falls on this ISO weekday (1 = Monday) at this start time, in UTC.
 * Null for an unreadable weekday or time.
 */
export function nextOccurrence(dayOfWeek: number, startTime: string, now: InstantLike): DateTime | null {
  const minutes = parseClockTime(startTime);
  const current = toUtc(now);
  if (
    minutes === null ||
    !Number.isInteger(dayOfWeek) ||
    dayOfWeek < 1 ||
    dayOfWeek > 7 ||
    !current.isValid
  ) {
    return null;
  }
  const daysAhead = (dayOfWeek - current.weekday + 7) % 7;
  const candidate = current.startOf('day').plus({ days: daysAhead, minutes });
  return candidate > current ? candidate : candidate.plus({ weeks: 1 });
}

export type RescheduleEligibility =
  | {
      ok: true;
      value: {
        occurrence: DateTime;
        proposedDate: string;
        proposedStartTime: string;
        proposedEndTime: string;
      };
    }
  | { ok: false; code: 'canceled' | 'invalid-slot' | 'too-late' | 'started' };

/**
 * spec part 2 point 4: a request is allowed only when the next occurrence of the slot's weekday and start
 * time is at least 24 hours away (exactly 24 hours is allowed). The value prefills the request dialog with
 * that date and the slot's times.
 */
export function rescheduleEligibility(
  slot: Pick<Slot, 'dayOfWeek' | 'startTime' | 'endTime' | 'canceled'>,
  now: InstantLike,
): RescheduleEligibility {
  if (slot.canceled) return { ok: false, code: 'canceled' };
  const occurrence = nextOccurrence(slot.dayOfWeek, slot.startTime, now);
  const end = parseClockTime(slot.endTime);
  if (!occurrence || end === null) return { ok: false, code: 'invalid-slot' };
  if (occurrence.diff(toUtc(now), 'hours').hours < RESCHEDULE_LEAD_HOURS)
    return { ok: false, code: 'too-late' };
  return {
    ok: true,
    value: {
      occurrence,
      proposedDate: toIsoDate(occurrence),
      proposedStartTime: formatClockTime(occurrence.hour * 60 + occurrence.minute),
      proposedEndTime: formatClockTime(end),
    },
  };
}
