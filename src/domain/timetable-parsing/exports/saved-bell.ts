import type { MinuteRange } from '../grid-reader';
import type { SavedMapping } from '../layout-mapping';
import { minutesOf } from '../time-range';

/**
 * The bell schedule the organisation typed last (in the guided mapping, saved with its mappings): the times of
 * numbered periods for the program exports that write periods only (Untis' GPU001.TXT, an aSc export without
 * <periods>, FET hours named "1", "2"…). Numbered labels only ("1", "P1", "M1" keep their number's key when
 * plain); empty when none was saved.
 */
export function savedBell(mappings: readonly SavedMapping[]): Map<string, MinuteRange> {
  const withBell = mappings
    .filter((saved) => saved.mapping.kind === 'grid' && saved.mapping.bell.length > 0)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0];
  const bell = new Map<string, MinuteRange>();
  if (withBell === undefined || withBell.mapping.kind !== 'grid') return bell;
  for (const period of withBell.mapping.bell) {
    const number = /^(?:p|h|s|c)?\s*(\d{1,2})$/i.exec(period.label.trim())?.[1];
    if (number === undefined || bell.has(String(Number(number)))) continue;
    const start = minutesOf(period.start);
    const end = minutesOf(period.end);
    if (Number.isFinite(start) && Number.isFinite(end) && end > start) {
      bell.set(String(Number(number)), { start, end });
    }
  }
  return bell;
}
