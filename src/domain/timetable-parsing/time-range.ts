import { foldText } from './text';
import type { TimeRange } from './types';

// One time of day: "8", "8h", "8h30", "08:00", "08:00:00", "8 h 30" (text already folded to lower case).
const TIME = String.raw`(\d{1,2})(?:\s*(h)\s*(\d{2})?|\s*(:)\s*(\d{2})(?:\s*:\s*\d{2})?)?`;
// spec part 2, point 5: separators dash (hyphen, en or em dash, minus) or "à" (folded to "a"); "au", "to"
// and a bare line break (a range typed on two lines) also occur in real files.
const SEPARATOR = String.raw`(\s*[\-\u2010-\u2015\u2212]+\s*|\s*(?:a|au|to|jusqu'a)\s*|\s+)`;
const RANGE = new RegExp(String.raw`^(?:de\s+|from\s+)?${TIME}${SEPARATOR}${TIME}\s*(?:\([^)]*\))?$`);

const MAX_INPUT_LENGTH = 80;
const MINUTES_PER_DAY = 24 * 60;

function toMinutes(hours: string | undefined, minutes: string | undefined): number | null {
  if (hours === undefined) return null;
  const h = Number(hours);
  const m = minutes === undefined ? 0 : Number(minutes);
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}

/** 'HH:MM', zero-padded, from minutes since midnight. */
export function formatHhMm(totalMinutes: number): string {
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Reads a time range such as "8h-10h", "8h30 - 10h", "08:00 - 10:00", "8:00 à 10:00" or "08h00–10h00"
 * (spec part 2, point 5) into zero-padded 'HH:MM'. At least one side must carry an "h" or ":" so that a
 * bare "8-10" (a group number, a date) is not taken for hours, both sides when nothing but a space or a
 * line break separates them; the start must be before the end.
 */
export function parseTimeRange(text: string): TimeRange | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_INPUT_LENGTH) return null;
  const match = RANGE.exec(foldText(text));
  if (!match) return null;
  const [, h1, hMark1, hMin1, colon1, cMin1, separator, h2, hMark2, hMin2, colon2, cMin2] = match;
  const startMarked = hMark1 !== undefined || colon1 !== undefined;
  const endMarked = hMark2 !== undefined || colon2 !== undefined;
  const isBareSeparator = (separator ?? '').trim() === '';
  if (isBareSeparator ? !(startMarked && endMarked) : !(startMarked || endMarked)) return null;
  const start = toMinutes(h1, hMin1 ?? cMin1);
  const end = toMinutes(h2, hMin2 ?? cMin2);
  if (start === null || end === null || start >= end || start >= MINUTES_PER_DAY) return null;
  return { startTime: formatHhMm(start), endTime: formatHhMm(end) };
}
