/**
 * The lockout after three wrong PINs (spec part 1 point 9: 5 minutes) read as a countdown (issue 33 point 7):
 * whole seconds left, rounded up so the screen never says 0:00 while the lock still holds.
 */
export function cooldownSecondsLeft(cooldownUntil: string | null | undefined, now: Date): number {
  if (!cooldownUntil) return 0;
  const until = Date.parse(cooldownUntil);
  if (Number.isNaN(until)) return 0;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}

/** "4:05", "0:09": minutes and two-digit seconds. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
