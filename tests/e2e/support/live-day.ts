import { test } from '@playwright/test';
import { realDay, type RealDay } from '../../support/builders';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** After midnight, how long to let the server's clock pass it too (same machine: a margin for its reading). */
const PAST_MIDNIGHT_MS = 5_000;

/**
 * Today by the real clock for a test timed by the server's clock (check-ins, absences, substitutions of
 * today), with at least `needMinutes` minutes left before 23:59, the last time a course of today can end.
 *
 * A course cannot cross midnight, and a check-in is timed by the server, whose clock the test cannot fake.
 * So a test the run reaches in the last minutes of a UTC day waits for the next day (polled, its timeout
 * extended by the wait) instead of seeding a course that ends before the test does, or a day that becomes
 * yesterday (or last week, or last month) while it runs. Call it inside the test, just before seeding.
 */
export async function liveDay(needMinutes = 5): Promise<RealDay> {
  const day = realDay(new Date());
  if (day.minutesLeft >= needMinutes) return day;
  const resumeAt = Math.ceil(Date.now() / DAY) * DAY + PAST_MIDNIGHT_MS;
  const info = test.info();
  info.setTimeout(info.timeout + (resumeAt - Date.now()) + MINUTE);
  console.log(
    `${info.title}: ${day.minutesLeft} min before the end of the UTC day, ${needMinutes} needed; ` +
      `waits for ${new Date(resumeAt).toISOString()}.`,
  );
  while (Date.now() < resumeAt) await new Promise((resolve) => setTimeout(resolve, 1_000));
  return realDay(new Date());
}

/**
 * Last month (closed statements are read there) as the real clock gives it just before a test, after
 * `liveDay(3)`: a run at midnight on a month's last day waits for the next month rather than seeing "last
 * month" change meanwhile. `month` 'YYYY-MM', `secondMonday` the second Monday of that month ('YYYY-MM-DD').
 */
export async function liveLastMonth(): Promise<{ today: Date; month: string; secondMonday: string }> {
  await liveDay(3);
  const today = new Date();
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const monday = new Date(first);
  monday.setUTCDate(1 + ((8 - first.getUTCDay()) % 7) + 7);
  return { today, month: first.toISOString().slice(0, 7), secondMonday: monday.toISOString().slice(0, 10) };
}
