import { formatClockTime, parseClockTime } from '../time/instant';

export type TimeRangeError = 'invalid-start-time' | 'invalid-end-time' | 'end-not-after-start';

export type TimeRangeResult =
  { ok: true; value: { startTime: string; endTime: string } } | { ok: false; code: TimeRangeError };

/** spec part 2 point 5: reschedule time fields must match H:MM or HH:MM. */
export function isValidTimeInput(text: string): boolean {
  return parseClockTime(text) !== null;
}

/**
 * Checks a start/end pair typed in a dialog and normalises it to the stored 'HH:MM'. Beyond the pattern of
 * the spec, the end must come after the start: a course of zero or negative length is always a typo.
 */
export function validateTimeRange(startTime: string, endTime: string): TimeRangeResult {
  const start = parseClockTime(startTime);
  if (start === null) return { ok: false, code: 'invalid-start-time' };
  const end = parseClockTime(endTime);
  if (end === null) return { ok: false, code: 'invalid-end-time' };
  if (end <= start) return { ok: false, code: 'end-not-after-start' };
  return { ok: true, value: { startTime: formatClockTime(start), endTime: formatClockTime(end) } };
}
