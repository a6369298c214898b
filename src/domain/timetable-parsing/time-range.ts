import { foldText } from './text';
import type { TimeRange } from './types';

// One time of day, folded text: "8", "8h", "8h30", "08:00", "08:00:00", "8 h 30", "08.00", "8:00 am".
// Also as programs print them without padding, a colon before the meridiem ("8:0:AM", "12:0:PM": family of
// times written by scripts from ERP data — gyft).
const CLOCK = String.raw`\d{1,2}(?:\s*h\s*(?:\d{2})?|\s*:\s*\d{1,2}(?:\s*:\s*\d{2})?|\.\d{2})?(?:\s*:?\s*[ap]\.?\s?m\.?(?![a-z]))?`;
// spec part 2, point 5: separators dash (hyphen, en or em dash, minus) or "à" (folded to "a"); "au", "to"
// and a bare line break (a range typed on two lines) also occur in real files.
const SEPARATOR = String.raw`(\s*[\-\u2010-\u2015\u2212]+\s*|\s*(?:a|au|to|jusqu'a)\s*|\s+)`;
// A trailing colon or dot ("13h30 à 15h30 :") and a note in brackets ("(2h)") are not part of the range.
const RANGE = new RegExp(
  // A stray colon after the start ("09:40:-10:30") is a typing slip (family: hand-typed period rows — fast-nuces).
  String.raw`^(?:de\s+|from\s+)?(${CLOCK}):?${SEPARATOR}(${CLOCK})\s*(?:\([^)]*\))?\s*[:.]?$`,
);
const CLOCK_PARTS =
  /^(\d{1,2})(?:\s*(h)\s*(\d{2})?|\s*(:)\s*(\d{1,2})(?:\s*:\s*\d{2})?|(\.)(\d{2}))?(?:\s*:?\s*([ap])\.?\s?m\.?)?$/;

const MAX_INPUT_LENGTH = 80;
export const MINUTES_PER_DAY = 24 * 60;

/** 'HH:MM', zero-padded, from minutes since midnight. */
export function formatHhMm(totalMinutes: number): string {
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

interface Clock {
  minutes: number;
  /** Carries an "h", ":", "." or am/pm: a time, not a bare number. */
  isMarked: boolean;
  meridiem: 'a' | 'p' | null;
}

/** One folded clock ("8h30", "8:00 pm", "08.00") to minutes; null when it is not a time of day. */
function readClock(text: string): Clock | null {
  const match = CLOCK_PARTS.exec(text.trim());
  if (!match) return null;
  const [, hours, hMark, hMin, colon, cMin, dot, dMin, meridiem] = match;
  let h = Number(hours);
  const m = Number(hMin ?? cMin ?? dMin ?? 0);
  if (m > 59) return null;
  if (meridiem !== undefined) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem === 'p' ? 12 : 0);
  }
  if (h > 24 || (h === 24 && m > 0)) return null;
  return {
    minutes: h * 60 + m,
    isMarked: hMark !== undefined || colon !== undefined || dot !== undefined || meridiem !== undefined,
    meridiem: meridiem === 'a' || meridiem === 'p' ? meridiem : null,
  };
}

/**
 * A single time of day written alone in a cell ("8h00", "10h", "7:45", "8:00 AM", "08.00"), as the start of a
 * row in grids without ranges. A bare number is not a time (it is a period number or a group).
 */
export function parseTimeOfDay(text: string): number | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > 20) return null;
  const clock = readClock(foldText(text).replace(/\s*[:.]$/, ''));
  if (clock === null || !clock.isMarked || clock.minutes >= MINUTES_PER_DAY) return null;
  return clock.minutes;
}

/** Reads a folded range from its two clock texts, or null. */
function rangeOf(startText: string, separator: string, endText: string): TimeRange | null {
  const start = readClock(startText);
  const end = readClock(endText);
  if (start === null || end === null) return null;
  const isBareSeparator = separator.trim() === '';
  if (isBareSeparator ? !(start.isMarked && end.isMarked) : !(start.isMarked || end.isMarked)) return null;
  let startMinutes = start.minutes;
  // "10:30 - 1:00 PM": the morning side takes the meridiem of the other only when written without one.
  if (start.meridiem === null && end.meridiem === 'p' && startMinutes + 12 * 60 < end.minutes) {
    startMinutes += 12 * 60;
  }
  if (startMinutes >= end.minutes || startMinutes >= MINUTES_PER_DAY) return null;
  return { startTime: formatHhMm(startMinutes), endTime: formatHhMm(end.minutes) };
}

/**
 * Reads a time range such as "8h-10h", "8h30 - 10h", "08:00 - 10:00", "8:00 à 10:00" or "08h00–10h00"
 * (spec part 2, point 5) into zero-padded 'HH:MM'. Also "08.00-10.00", "8:00 AM - 9:00 AM" and a trailing
 * colon ("13h30 à 15h30 :"), as real files write them. At least one side must carry an "h", ":", "." or
 * am/pm so that a bare "8-10" (a group number, a date) is not taken for hours, both sides when nothing but a
 * space or a line break separates them; the start must be before the end.
 */
export function parseTimeRange(text: string): TimeRange | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_INPUT_LENGTH) return null;
  const match = RANGE.exec(foldText(text));
  if (!match) return null;
  return rangeOf(match[1] ?? '', match[2] ?? '', match[3] ?? '');
}

/** A time range found inside a longer text, with where it sits in that text. */
export interface TimeRangeInText extends TimeRange {
  index: number;
  length: number;
}

// Ranges inside free text: "Mar 09h00–12h30 Réseaux", "Pâtisserie de 8h à 12h". Lower-cased, not folded, so
// that positions match the original text ("à" kept).
const CLOCK_IN_TEXT = String.raw`\d{1,2}(?:\s?h\s?(?:\d{2})?|:\d{2}|\.\d{2})?(?:\s?[ap]\.?m\.?(?![a-z]))?`;
const RANGE_IN_TEXT = new RegExp(
  String.raw`(?<![\d/.:])(?:\b(?:de|from)\s+)?(${CLOCK_IN_TEXT})(\s*[\-\u2010-\u2015\u2212]+\s*|\s+(?:à|a|au|to)\s+)(${CLOCK_IN_TEXT})(?![\d/])`,
  'g',
);

// A clock has a digit followed by "h", ":", "." or am/pm: most cells have none and are skipped at once.
const MAY_HOLD_TIME = /\d\s?[hH:.]|\d\s?[aApP]\.?[mM]/;

/** Every time range written inside a text, in order (times must carry an "h", ":" or "." on one side). */
export function findTimeRanges(text: string): TimeRangeInText[] {
  if (typeof text !== 'string' || text.length === 0 || !MAY_HOLD_TIME.test(text)) return [];
  const lower = text
    .slice(0, 2_000)
    .toLowerCase()
    .replace(/\u00a0/g, ' ');
  const found: TimeRangeInText[] = [];
  for (const match of lower.matchAll(RANGE_IN_TEXT)) {
    const range = rangeOf(foldText(match[1] ?? ''), foldText(match[2] ?? ''), foldText(match[3] ?? ''));
    if (range === null) continue;
    found.push({ ...range, index: match.index, length: match[0].length });
  }
  return found;
}
