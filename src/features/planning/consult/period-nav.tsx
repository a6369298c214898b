import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { PlanningPeriod } from '../../../domain/planning/period-matching';
import { fr } from '../../../i18n/fr';
import { periodLabel, shiftPlanningPeriod } from './period-label';
import { PeriodPickerDialog } from './period-picker-dialog';

interface Props {
  period: PlanningPeriod;
  onChange: (period: PlanningPeriod) => void;
}

/** Previous/next arrows around the period label; the label opens the picker dialog (spec part 2 point 2). */
export function PeriodNav({ period, onChange }: Props) {
  const t = fr.planning.consult;
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const label = periodLabel(period);
  return (
    <div className="consult-period-nav">
      <Button
        className="icon-button"
        aria-label={t.previous}
        onPress={() => onChange(shiftPlanningPeriod(period, -1))}
      >
        ‹
      </Button>
      <Button
        className="button secondary consult-period-label"
        aria-label={t.pickPeriod(label)}
        onPress={() => setIsPickerOpen(true)}
      >
        {label}
      </Button>
      <Button
        className="icon-button"
        aria-label={t.next}
        onPress={() => onChange(shiftPlanningPeriod(period, 1))}
      >
        ›
      </Button>
      {isPickerOpen ? (
        <PeriodPickerDialog isOpen onOpenChange={setIsPickerOpen} period={period} onPick={onChange} />
      ) : null}
    </div>
  );
}
