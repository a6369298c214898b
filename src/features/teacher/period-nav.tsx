import { Button } from 'react-aria-components';
import { shiftPeriod, type PeriodKind } from '../../domain/time/period';
import { toIsoDate } from '../../domain/time/instant';
import { fr } from '../../i18n/fr';
import { SegmentedControl } from '../../ui/timetable';
import { periodLabel } from './period';
import { PeriodPicker } from './period-picker';

const t = fr.teacher.period;
const KINDS: readonly PeriodKind[] = ['day', 'week', 'month'];

/**
 * Jour / Semaine / Mois, previous and next arrows, and the period label that opens a date picker
 * (a month picker in month mode) — spec part 2 point 2, teacher space.
 */
export function PeriodNav({
  kind,
  reference,
  onKindChange,
  onReferenceChange,
}: {
  kind: PeriodKind;
  reference: string;
  onKindChange: (kind: PeriodKind) => void;
  onReferenceChange: (reference: string) => void;
}) {
  const label = periodLabel(kind, reference);
  const move = (delta: number) => onReferenceChange(toIsoDate(shiftPeriod(kind, reference, delta)));
  return (
    <div className="teacher-period">
      <SegmentedControl
        label={t.kind}
        value={kind}
        onChange={onKindChange}
        options={KINDS.map((k) => ({ id: k, label: t[k] }))}
      />
      <div className="teacher-period-nav">
        <Button className="icon-button" aria-label={t.previous} onPress={() => move(-1)}>
          <span aria-hidden="true">‹</span>
        </Button>
        <PeriodPicker kind={kind} reference={reference} label={label} onPick={onReferenceChange} />
        <Button className="icon-button" aria-label={t.next} onPress={() => move(1)}>
          <span aria-hidden="true">›</span>
        </Button>
      </div>
    </div>
  );
}
