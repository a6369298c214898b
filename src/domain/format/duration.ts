/**
 * Hours display of spec part 2 point 9: 'XhYY', or 'Xh' when there are no minutes (150 -> '2h30',
 * 120 -> '2h', 5 -> '0h05'). Fractions of a minute are rounded; a negative duration keeps its sign.
 */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes)) return '0h';
  const rounded = Math.round(minutes);
  const sign = rounded < 0 ? '-' : '';
  const total = Math.abs(rounded);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${sign}${hours}h` : `${sign}${hours}h${String(rest).padStart(2, '0')}`;
}

/** Reads back what formatDuration writes ('2h30', '2h', '-0h05'); null for anything else. */
export function parseDuration(text: string): number | null {
  const match = /^(-?)(\d+)h(?:([0-5]\d))?$/.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? '0');
  return match[1] === '-' && minutes !== 0 ? -minutes : minutes;
}
