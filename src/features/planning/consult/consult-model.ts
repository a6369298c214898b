import { compareNames } from '../../../domain/planning/name-list';
import type { SlotDisplayItem } from '../../../domain/planning/slot-display';

/** spec part 2 point 2: grouping by class, by teacher, or global. */
export type Grouping = 'class' | 'teacher' | 'global';

export interface ConsultFilters {
  /** '' = all. */
  teacherUserId: string;
  /** '' = all; only offered in global mode. */
  moduleId: string;
  /** '' = all; the class picker of the by-class grouping (issue 33 point 6). */
  classId?: string;
}

export interface SlotGroup {
  key: string;
  label: string;
  items: SlotDisplayItem[];
}

export function applyFilters(
  items: readonly SlotDisplayItem[],
  filters: ConsultFilters,
  grouping: Grouping,
): SlotDisplayItem[] {
  return items.filter(
    (item) =>
      (!filters.teacherUserId || item.teacherUserId === filters.teacherUserId) &&
      (grouping !== 'global' || !filters.moduleId || item.moduleId === filters.moduleId) &&
      (grouping !== 'class' || !filters.classId || item.classId === filters.classId),
  );
}

/** One group per class or teacher (sorted by name), or a single group in global mode. */
export function groupItems(
  items: readonly SlotDisplayItem[],
  grouping: Grouping,
  globalLabel: string,
): SlotGroup[] {
  if (grouping === 'global')
    return items.length ? [{ key: 'all', label: globalLabel, items: [...items] }] : [];
  const groups = new Map<string, SlotGroup>();
  for (const item of items) {
    const key = grouping === 'class' ? item.classId : item.teacherUserId;
    const label = grouping === 'class' ? item.className : item.teacherName;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { key, label, items: [item] });
  }
  return [...groups.values()].sort((a, b) => compareNames(a.label, b.label) || a.key.localeCompare(b.key));
}

/** The distinct [id, name] pairs of a field of the items, sorted by name (filter options). */
export function optionsOf(
  items: readonly SlotDisplayItem[],
  id: (item: SlotDisplayItem) => string,
  name: (item: SlotDisplayItem) => string,
): { id: string; name: string }[] {
  const map = new Map<string, string>();
  for (const item of items) map.set(id(item), name(item));
  return [...map.entries()]
    .map(([key, value]) => ({ id: key, name: value }))
    .sort((a, b) => compareNames(a.name, b.name));
}
