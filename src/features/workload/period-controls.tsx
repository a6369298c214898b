import { Button, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { PeriodKind } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { periodLabel, shiftReferenceDate } from './workload-period';

const KINDS: readonly PeriodKind[] = ['day', 'week', 'month'];

interface Props {
  kind: PeriodKind;
  referenceDate: string;
  onKindChange: (kind: PeriodKind) => void;
  onDateChange: (date: string) => void;
}

/** Jour / Semaine / Mois, previous and next arrows, the period title and a date picker. */
export function PeriodControls({ kind, referenceDate, onKindChange, onDateChange }: Props) {
  const t = fr.workload;
  return (
    <div className="toolbar workload-period">
      <ToggleButtonGroup
        aria-label={t.periodKind}
        className="segmented workload-kinds"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[kind]}
        onSelectionChange={(keys) => {
          const [next] = [...keys];
          if (next === 'day' || next === 'week' || next === 'month') onKindChange(next);
        }}
      >
        {KINDS.map((k) => (
          <ToggleButton key={k} id={k} className="segment">
            {t[k]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Button
        className="icon-button"
        aria-label={t.previous}
        onPress={() => onDateChange(shiftReferenceDate(kind, referenceDate, -1))}
      >
        ‹
      </Button>
      <p className="workload-period-label" aria-live="polite">
        {periodLabel(kind, referenceDate)}
      </p>
      <Button
        className="icon-button"
        aria-label={t.next}
        onPress={() => onDateChange(shiftReferenceDate(kind, referenceDate, 1))}
      >
        ›
      </Button>
      <label className="field workload-date">
        <span className="visually-hidden">{t.referenceDate}</span>
        <input
          type="date"
          value={referenceDate}
          aria-label={t.referenceDate}
          onChange={(e) => {
            if (e.target.value) onDateChange(e.target.value);
          }}
        />
      </label>
    </div>
  );
}
