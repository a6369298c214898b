import { useState } from 'react';
import { monthLabel } from '../i18n/fr-closing';
import { recentMonths } from '../services/payroll/statement-month';
import { SelectField } from './select-field';

/**
 * The months a statement screen offers (the last twelve, newest first: issue 32), the one chosen (the latest
 * at first), and the moment the screen opened, which the month's figures are read at.
 */
export function useStatementMonth() {
  const [now] = useState(() => new Date());
  const months = recentMonths(now);
  const [month, setMonth] = useState(months[0] ?? '');
  return { now, months, month, setMonth };
}

/** A labelled month select, each month named in French ("novembre 2026"). */
export function MonthSelect({
  label,
  months,
  value,
  onChange,
}: {
  label: string;
  months: readonly string[];
  value: string;
  onChange: (month: string) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={onChange}
      options={months.map((m) => ({ value: m, label: monthLabel(m) }))}
    />
  );
}
