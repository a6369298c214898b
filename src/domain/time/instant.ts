import { DateTime } from 'luxon';

/**
 * Instants and calendar dates, always in UTC (spec part 2 point 9: "dates computed in UTC").
 * Callers may pass a luxon DateTime, a JS Date or an ISO string; the domain never reads the clock itself.
 */
export type InstantLike = DateTime | Date | string;

export const UTC = 'utc';
export const MS_PER_MINUTE = 60_000;

/** Any accepted instant as a UTC DateTime (invalid input gives an invalid DateTime, never the current time). */
export function toUtc(value: InstantLike): DateTime {
  if (typeof value === 'string') return DateTime.fromISO(value, { zone: UTC });
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: UTC });
  return value.setZone(UTC);
}

/** ISO timestamp with milliseconds and a Z suffix, the format stored in logs and requests. */
export function toIsoInstant(value: InstantLike): string {
  // A Date of years 0 to 9999 (the server stamping each check-in with its clock): the same text as luxon's
  // without building a DateTime (issue 31: luxon was 2 % of a check-in batch's CPU).
  if (value instanceof Date) {
    const year = value.getUTCFullYear();
    if (year >= 0 && year <= 9999) return value.toISOString();
  }
  const dt = toUtc(value);
  return dt.isValid ? (dt.toISO() ?? '').replace(/\+00:00$/, 'Z') : '';
}

/** 'YYYY-MM-DD' -> UTC midnight, or null when the text is not a real calendar date. */
export function parseIsoDate(date: string | null | undefined): DateTime | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const dt = DateTime.fromISO(date, { zone: UTC });
  return dt.isValid ? dt : null;
}

/** The UTC calendar date of an instant, as 'YYYY-MM-DD'. */
export function toIsoDate(value: InstantLike): string {
  return toUtc(value).toISODate() ?? '';
}

/**
 * 'H:MM' or 'HH:MM' -> minutes since midnight (spec part 2 point 5: management dialog accepts H:MM or HH:MM).
 * Hours 0-23 and minutes 0-59 only; anything else is null.
 */
export function parseClockTime(time: string | null | undefined): number | null {
  if (!time) return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** Minutes since midnight -> zero-padded 'HH:MM' (the stored slot format). */
export function formatClockTime(minutesSinceMidnight: number): string {
  const total = Math.max(0, Math.round(minutesSinceMidnight));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Planned duration of a slot in minutes; 0 when a time is unreadable or the end is not after the start. */
export function clockRangeMinutes(startTime: string, endTime: string): number {
  const start = parseClockTime(startTime);
  const end = parseClockTime(endTime);
  if (start === null || end === null || end <= start) return 0;
  return end - start;
}

/** The instant at which a clock time happens on a UTC calendar date, or null when either is unreadable. */
export function instantOnDate(date: string, time: string): DateTime | null {
  const day = parseIsoDate(date);
  const minutes = parseClockTime(time);
  if (!day || minutes === null) return null;
  return day.plus({ minutes });
}
