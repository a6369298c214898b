import { compareNames } from './name-list';

// spec part 2 point 9: 20 rotating legend colours. Dark enough for white text (WCAG AA on 0.8rem bold).
export const LEGEND_COLORS: readonly string[] = [
  '#1d4ed8',
  '#b91c1c',
  '#047857',
  '#7c3aed',
  '#b45309',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
  '#4338ca',
  '#9f1239',
  '#0f766e',
  '#6d28d9',
  '#a16207',
  '#1e40af',
  '#c2410c',
  '#15803d',
  '#86198f',
  '#0369a1',
  '#57534e',
  '#334155',
];

/**
 * The colour of one legend entry: keys are sorted naturally ('Module 2' before 'Module 10') and deduplicated first, so a module keeps its colour
 * whatever the order the slots come in, and colours rotate after 20 entries. An unknown key takes the
 * colour of the position it would have in the sorted list.
 */
export function legendColor(key: string, keys: readonly string[]): string {
  const sorted = [...new Set([...keys, key])].sort(compareNames);
  const index = sorted.indexOf(key);
  return LEGEND_COLORS[index % LEGEND_COLORS.length] ?? LEGEND_COLORS[0] ?? '#1d4ed8';
}

/** One colour per key, computed once for a whole legend. */
export function legendColors(keys: readonly string[]): Map<string, string> {
  const sorted = [...new Set(keys)].sort(compareNames);
  return new Map(sorted.map((key, index) => [key, LEGEND_COLORS[index % LEGEND_COLORS.length] ?? '#1d4ed8']));
}
