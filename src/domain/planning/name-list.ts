// spec part 2 point 9: deletion lists show up to 5 names then '+ N autres'.
export const DELETION_LIST_MAX_NAMES = 5;

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/**
 * Natural French order for names a person scans: 'Module 2' before 'Module 10', accents and case ignored
 * ('école' next to 'Ecole'). Ties keep a stable, case-sensitive order so the result never depends on input order.
 */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A sorted copy (natural French order). */
export function sortNames(names: readonly string[]): string[] {
  return [...names].sort(compareNames);
}

/** The names a deletion dialog lists and how many hide behind '+ N autres'. */
export function summarizeNames<T = string>(
  names: readonly T[],
  maxNames = DELETION_LIST_MAX_NAMES,
): { shown: T[]; moreCount: number } {
  return { shown: names.slice(0, maxNames), moreCount: Math.max(0, names.length - maxNames) };
}
