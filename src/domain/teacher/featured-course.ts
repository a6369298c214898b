import { instantOnDate, toUtc, type InstantLike } from '../time/instant';

export interface FeaturedCandidate {
  date: string;
  startTime: string;
  endTime: string;
  canceled: boolean;
  /** From the attendance gates (never recomputed here). */
  canCheckIn: boolean;
  canCheckOut: boolean;
  isFinished: boolean;
}

export type FeaturedAction = 'checkin' | 'checkout' | 'none';

export interface Featured<T> {
  entry: T;
  /** The one action the large card offers; 'none' for a course whose check-in window is not open yet. */
  action: FeaturedAction;
}

function endsAfter(entry: FeaturedCandidate, now: number): boolean {
  const end = instantOnDate(entry.date, entry.endTime);
  return end !== null && end.toMillis() > now;
}

function startsAfter(entry: FeaturedCandidate, now: number): boolean {
  const start = instantOnDate(entry.date, entry.startTime);
  return start !== null && start.toMillis() > now;
}

/**
 * The course Module du jour puts at the top, with its one right action (a teacher opens the app to check in):
 * 1. a course in progress before its planned end: Départ;
 * 2. else the earliest course whose Arrivée is open;
 * 3. else a course still waiting for its Départ after its planned end: Départ;
 * 4. else the next course of the day not started yet, without action (its window is not open);
 * otherwise none. `entries` are in the day's order; the gates decide what is allowed.
 */
export function featuredCourse<T extends FeaturedCandidate>(
  entries: readonly T[],
  now: InstantLike,
): Featured<T> | null {
  const nowMs = toUtc(now).toMillis();
  const live = entries.filter((e) => !e.canceled && !e.isFinished);
  const running = live.find((e) => e.canCheckOut && endsAfter(e, nowMs));
  if (running) return { entry: running, action: 'checkout' };
  const opening = live.find((e) => e.canCheckIn);
  if (opening) return { entry: opening, action: 'checkin' };
  const overdue = live.find((e) => e.canCheckOut);
  if (overdue) return { entry: overdue, action: 'checkout' };
  const next = live.find((e) => startsAfter(e, nowMs));
  return next ? { entry: next, action: 'none' } : null;
}
