import type { OccurrenceSubstitution } from '../absences/teacher-occurrences';
import { displayItemKey, type SlotDisplayItem } from './slot-display';

/** The substitution of each marked occurrence, by display item key (occurrences without one are left out). */
export function substitutionsByItemKey(
  given: readonly {
    occurrence: { timetable: { id: string }; slotIndex: number; date: string };
    substitution: OccurrenceSubstitution | null;
  }[],
): Map<string, OccurrenceSubstitution> {
  return new Map(
    given.flatMap((g) => (g.substitution ? [[displayItemKey(g.occurrence), g.substitution] as const] : [])),
  );
}

/** The words of a substitution (src/i18n/fr-substitute.ts), given by the caller: src/domain holds no text. */
export interface SubstitutionWords {
  /** The title of a course given as a substitute: "Remplacement · Module". */
  substituteTitle: (module: string) => string;
  /**
   * Added to the subtitle of a course given as a substitute ("Remplacement de …"). Left out where the view
   * names the absent teacher elsewhere (the teacher's own screens show it in a pill).
   */
  substituteFor?: (name: string) => string;
  /** Added to the subtitle of the absent teacher's replaced course: "Remplacé par …". */
  replacedBy: (name: string) => string;
  /** The other teacher's name when it is not known. */
  unknownName: string;
}

/**
 * Issue 35 on the timetable views: a course given for another teacher reads "Remplacement · module" (and,
 * with `substituteFor`, "Remplacement de …" in its subtitle); the absent teacher's replaced course reads
 * "Remplacé par …" and has no attendance of hers (status null). Unmarked items are returned as they are.
 */
export function markSubstitution(
  item: SlotDisplayItem,
  mark: OccurrenceSubstitution | undefined,
  names: ReadonlyMap<string, string>,
  words: SubstitutionWords,
): SlotDisplayItem {
  if (!mark) return item;
  const otherName = names.get(mark.otherUserId) ?? words.unknownName;
  if (mark.kind === 'substitute')
    return {
      ...item,
      title: words.substituteTitle(item.title),
      ...(words.substituteFor ? { subtitle: `${item.subtitle} · ${words.substituteFor(otherName)}` } : {}),
      substitution: { kind: 'substitute', otherName },
    };
  return {
    ...item,
    status: null,
    subtitle: `${item.subtitle} · ${words.replacedBy(otherName)}`,
    substitution: { kind: 'replaced', otherName },
  };
}
