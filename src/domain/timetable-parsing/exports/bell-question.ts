import { defaultPeriod } from '../lists/read-list';
import type { BellPeriod, SavedMapping } from '../layout-mapping';
import { normalizeGrid } from '../text';
import { formatHhMm } from '../time-range';
import type { Grid } from '../types';
import { looksLikeUntisGpu001 } from './program-sheets';
import { savedBell } from './saved-bell';

/**
 * Untis' GPU001.TXT numbers its periods and writes no times (issue 30, Deliver 3): the school's bell schedule
 * is asked once, prefilled with the hour-from-8:00 default, and saved for the organisation; the next file
 * reads with it without a question. These are the pure steps: which periods a file uses that the saved bell
 * does not give, the proposal, and the saved entry (kept with the guided mappings, whose newest bell the
 * program readers already take).
 */

/** The fingerprint of the organisation's bell entry: it matches no sheet, so it never lays one out. */
export const SCHOOL_BELL_FINGERPRINT = 'school-bell';
const INTEGER = /^\d{1,2}$/;

/** The period numbers of an Untis GPU001 file that the saved bell does not give, in order; [] otherwise. */
export function periodsWithoutBell(
  sheets: readonly { grid: Grid }[],
  saved: readonly SavedMapping[],
): number[] {
  const bell = savedBell(saved);
  const periods = new Set<number>();
  for (const sheet of sheets) {
    const rows = normalizeGrid(sheet.grid);
    if (!looksLikeUntisGpu001(rows)) continue;
    for (const row of rows) {
      const text = (row[6] ?? '').trim();
      if (!INTEGER.test(text)) continue;
      const period = Number(text);
      if (period >= 1 && period <= 24 && !bell.has(String(period))) periods.add(period);
    }
  }
  return [...periods].sort((a, b) => a - b);
}

/** Periods 1 to the highest one asked, at the saved times where known, else the default hours. */
export function proposedSchoolBell(periods: readonly number[], saved: readonly SavedMapping[]): BellPeriod[] {
  const bell = savedBell(saved);
  const last = Math.max(0, ...periods);
  return Array.from({ length: last }, (_, i) => {
    const times = bell.get(String(i + 1)) ?? defaultPeriod(i + 1);
    return { label: String(i + 1), start: formatHhMm(times.start), end: formatHhMm(times.end) };
  });
}

/** The organisation's bell as a saved entry (a grid mapping with the bell only). */
export function schoolBellEntry(bell: readonly BellPeriod[], savedAt: string): SavedMapping {
  return {
    fingerprint: SCHOOL_BELL_FINGERPRINT,
    savedAt,
    mapping: {
      kind: 'grid',
      days: { axis: 'row', index: 0 },
      times: null,
      bell: [...bell],
      firstCourse: null,
      className: { kind: 'auto' },
    },
  };
}
