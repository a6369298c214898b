import type { KnownNameLists } from './sheet-worker';
import { foldText, NO_KNOWN_NAMES, type KnownNames } from '../../domain/timetable-parsing';

/** The organisation's names as the reader looks them up (folded sets). */
export function knownNamesOf(lists: KnownNameLists | undefined): KnownNames {
  if (lists === undefined) return NO_KNOWN_NAMES;
  const set = (values: unknown) =>
    new Set(
      (Array.isArray(values) ? values : [])
        .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
        .slice(0, 20_000)
        .map((v) => foldText(v)),
    );
  return {
    classes: set(lists.classes),
    modules: set(lists.modules),
    teachers: set(lists.teachers),
    rooms: set(lists.rooms),
  };
}
