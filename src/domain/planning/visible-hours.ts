import { parseClockTime, toUtc, type InstantLike } from '../time/instant';

// spec part 2 point 9: grid height 640px, visible hours clamped between 06:00 and 22:00 with 30-minute
// padding rounded to half-hours, 08:00-18:00 when empty; clock line refreshed every 60 seconds.
export const GRID_HEIGHT_PX = 640;
export const GRID_MIN_START_MIN = 6 * 60;
export const GRID_MAX_END_MIN = 22 * 60;
export const GRID_PADDING_MIN = 30;
export const GRID_STEP_MIN = 30;
export const GRID_DEFAULT_START_MIN = 8 * 60;
export const GRID_DEFAULT_END_MIN = 18 * 60;
export const GRID_CLOCK_REFRESH_MS = 60_000;
const DAY_MIN = 24 * 60;

/** Visible window of the weekly grid, in minutes since midnight, [startMin, endMin). */
export interface VisibleHours {
  startMin: number;
  endMin: number;
}

/**
 * The hours the weekly grid shows for these slots (canceled ones included: they are drawn, struck through).
 * The padding stops at 06:00 and 22:00; a slot before 06:00 or after 22:00 widens the window to show it whole.
 */
export function visibleHours(slots: readonly { startTime: string; endTime: string }[]): VisibleHours {
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (const slot of slots) {
    const start = parseClockTime(slot.startTime);
    const end = parseClockTime(slot.endTime);
    if (start === null || end === null) continue;
    earliest = Math.min(earliest, start, end);
    latest = Math.max(latest, start, end);
  }
  if (!Number.isFinite(earliest)) {
    return { startMin: GRID_DEFAULT_START_MIN, endMin: GRID_DEFAULT_END_MIN };
  }
  const paddedStart = Math.floor((earliest - GRID_PADDING_MIN) / GRID_STEP_MIN) * GRID_STEP_MIN;
  const paddedEnd = Math.ceil((latest + GRID_PADDING_MIN) / GRID_STEP_MIN) * GRID_STEP_MIN;
  // Deviation (README, « Écarts »): the spec clamps the window to 06:00-22:00, which drew an evening course
  // (22:30-23:30) as an 18 px sliver on the bottom edge. The clamp now widens to the courses themselves
  // (rounded out to the half hour, within the day); the padding alone still stops at 06:00 and 22:00.
  const low = Math.max(0, Math.min(GRID_MIN_START_MIN, Math.floor(earliest / GRID_STEP_MIN) * GRID_STEP_MIN));
  const high = Math.min(
    DAY_MIN,
    Math.max(GRID_MAX_END_MIN, Math.ceil(latest / GRID_STEP_MIN) * GRID_STEP_MIN),
  );
  return {
    startMin: clamp(paddedStart, low, high - GRID_STEP_MIN),
    endMin: clamp(paddedEnd, low + GRID_STEP_MIN, high),
  };
}

/** Vertical position in pixels of a clock time in the grid, clipped to the grid. */
export function gridOffsetPx(minutes: number, hours: VisibleHours, heightPx = GRID_HEIGHT_PX): number {
  const span = hours.endMin - hours.startMin;
  if (span <= 0) return 0;
  return (clamp(minutes, hours.startMin, hours.endMin) - hours.startMin) * (heightPx / span);
}

/** Where the red current-time line goes, or null when now is outside the visible hours. */
export function currentTimeOffsetPx(
  now: InstantLike,
  hours: VisibleHours,
  heightPx = GRID_HEIGHT_PX,
): number | null {
  const dt = toUtc(now);
  const minutes = dt.hour * 60 + dt.minute + dt.second / 60;
  if (minutes < hours.startMin || minutes > hours.endMin) return null;
  return gridOffsetPx(minutes, hours, heightPx);
}

/** The half-hour marks of the hours column, in minutes since midnight. */
export function gridHourMarks(hours: VisibleHours): number[] {
  const marks: number[] = [];
  for (let minutes = hours.startMin; minutes <= hours.endMin; minutes += GRID_STEP_MIN) marks.push(minutes);
  return marks;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
