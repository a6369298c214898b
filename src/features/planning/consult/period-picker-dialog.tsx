import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { PlanningPeriod } from '../../../domain/planning/period-matching';
import { isoWeekOf, mondaysOfMonth } from '../../../domain/time/period';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';
import { shortDate } from '../../../ui/timetable';
import { monthName } from './period-label';
import { SelectField } from './select-field';

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  period: PlanningPeriod;
  onPick: (period: PlanningPeriod) => void;
}

const YEAR_SPAN = 3;

/**
 * Picker of spec part 2 point 2: a year and a month, then in week mode one of the ISO weeks whose Monday
 * falls in that month (Monday first, UTC), as a list of buttons reachable by keyboard.
 */
export function PeriodPickerDialog({ isOpen, onOpenChange, period, onPick }: Props) {
  const t = fr.planning.consult;
  const initialYear = period.kind === 'month' ? period.year : Number(period.weekStartDate.slice(0, 4));
  const initialMonth = period.kind === 'month' ? period.month : Number(period.weekStartDate.slice(5, 7));
  const [year, setYear] = useState(initialYear);
  const [month, setMonth] = useState(initialMonth);
  const years = Array.from({ length: YEAR_SPAN * 2 + 1 }, (_, i) => initialYear - YEAR_SPAN + i);
  const pick = (next: PlanningPeriod) => {
    onPick(next);
    onOpenChange(false);
  };
  return (
    <AppDialog isOpen={isOpen} onOpenChange={onOpenChange} title={t.pickerTitle} size="small">
      <div className="consult-picker-fields">
        <SelectField
          label={t.year}
          value={String(year)}
          onChange={(v) => setYear(Number(v))}
          options={years.map((y) => ({ id: String(y), name: String(y) }))}
        />
        <SelectField
          label={t.monthField}
          value={String(month)}
          onChange={(v) => setMonth(Number(v))}
          options={Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), name: monthName(i + 1) }))}
        />
      </div>
      {period.kind === 'week' ? (
        <ul className="consult-picker-weeks">
          {mondaysOfMonth(year, month).map((monday) => (
            <li key={monday}>
              <Button
                className="button secondary wide"
                data-selected={monday === period.weekStartDate || undefined}
                onPress={() => pick({ kind: 'week', weekStartDate: monday })}
              >
                {t.weekOf(isoWeekOf(monday).weekNumber, shortDate(monday))}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {t.cancel}
        </Button>
        {period.kind === 'month' ? (
          <Button className="button primary" onPress={() => pick({ kind: 'month', year, month })}>
            {t.apply}
          </Button>
        ) : null}
      </div>
    </AppDialog>
  );
}
