import { bellTextKey, periodKey, type MinuteRange } from '../grid-reader';
import { cleanText } from '../text';
import { findTimeRanges, minutesOf } from '../time-range';
import { MAX_BELL_PERIODS } from './saved-mappings';
import type { BellPeriod } from './types';

// ---------------------------------------------------------------------------------------------------------
// Bell schedule typed once: one period a line, "1 08:00-09:00", "M2 : 9h-10h", or only the times.

export type BellLineProblem = 'no-times' | 'too-many';

export interface BellSchedule {
  periods: BellPeriod[];
  /** 1-based lines that could not be read, and why. */
  problems: { line: number; problem: BellLineProblem }[];
}

export function parseBellSchedule(text: string): BellSchedule {
  const periods: BellPeriod[] = [];
  const problems: BellSchedule['problems'] = [];
  const lines = typeof text === 'string' ? text.slice(0, 8_000).split(/\r?\n/) : [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const range = findTimeRanges(line)[0];
    if (range === undefined) {
      problems.push({ line: i + 1, problem: 'no-times' });
      return;
    }
    if (periods.length >= MAX_BELL_PERIODS) {
      problems.push({ line: i + 1, problem: 'too-many' });
      return;
    }
    const label = cleanText(line.slice(0, range.index).replace(/[\s:=>\u2192\-\u2013]+$/u, '')).slice(0, 40);
    periods.push({
      label: label === '' ? String(periods.length + 1) : label,
      start: range.startTime,
      end: range.endTime,
    });
  });
  return { periods, problems };
}

/** The bell schedule back to its text ("1 08:00-09:00" a line), to show a saved mapping. */
export function formatBellSchedule(periods: readonly BellPeriod[]): string {
  return periods.map((p) => `${p.label} ${p.start}-${p.end}`).join('\n');
}

/** A bell label's key: its period number ("P1", "1"), else its own text as the cells write it ("8h-9h"). */
export function bellKeyOf(label: string): string | null {
  return periodKey(label) ?? bellTextKey(label);
}

export function bellMap(periods: readonly BellPeriod[]): Map<string, MinuteRange> {
  const map = new Map<string, MinuteRange>();
  for (const period of periods) {
    const key = bellKeyOf(period.label);
    if (key !== null && !map.has(key))
      map.set(key, { start: minutesOf(period.start), end: minutesOf(period.end) });
  }
  return map;
}
