import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { frSubstitute } from '../../i18n/fr-substitute';

/** Issue 35: "Remplacement de …" on a course given as a substitute, "Remplacé par …" on the absent teacher's. */
export function SubstitutionMark({ item }: { item: Pick<SlotDisplayItem, 'substitution'> }) {
  const mark = item.substitution;
  if (!mark) return null;
  return (
    <span className="pill substitution-mark">
      {mark.kind === 'substitute'
        ? `${frSubstitute.substitute} · ${frSubstitute.substituteFor(mark.otherName)}`
        : frSubstitute.replacedBy(mark.otherName)}
    </span>
  );
}
