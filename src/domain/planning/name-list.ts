// spec part 2 point 9: deletion lists show up to 5 names then '+ N autres'.
export const DELETION_LIST_MAX_NAMES = 5;

/** The names a deletion dialog lists and how many hide behind '+ N autres'. */
export function summarizeNames(
  names: readonly string[],
  maxNames = DELETION_LIST_MAX_NAMES,
): { shown: string[]; moreCount: number } {
  return { shown: names.slice(0, maxNames), moreCount: Math.max(0, names.length - maxNames) };
}
