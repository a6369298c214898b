import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { frSubstitute } from '../../i18n/fr-substitute';
import { slotStatusLabel } from '../../ui/timetable';

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

/** The status pill: "Remplacé" rather than "Annulé" on the absent teacher's replaced course. */
export function statusLabel(item: Pick<SlotDisplayItem, 'status' | 'canceled' | 'substitution'>): string {
  return item.substitution?.kind === 'replaced' ? frSubstitute.replaced : slotStatusLabel(item);
}
