import { Button, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { SchoolClass } from '../../domain/store/schema';
import { toIsoDate, toUtc } from '../../domain/time/instant';
import { isoWeekOf, periodRange, shiftPeriod, type PeriodKind } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { PayrollExportButtons } from '../../ui/payroll-export-buttons';

const t = fr.attendance;
const KINDS: readonly PeriodKind[] = ['day', 'week', 'month'];
const KIND_LABEL: Record<PeriodKind, string> = { day: t.day, week: t.week, month: t.month };

/** "lundi 10 mars 2025", "Semaine 11 · du 10/03 au 16/03", "mars 2025" (UTC). */
export function periodLabel(kind: PeriodKind, date: string): string {
  const start = toUtc(date).setLocale('fr');
  if (kind === 'day') return start.toFormat('cccc d LLLL yyyy');
  if (kind === 'month') return start.toFormat('LLLL yyyy');
  const range = periodRange('week', date);
  return t.weekLabel(
    isoWeekOf(date).weekNumber,
    range.start.toFormat('dd/LL'),
    range.end.minus({ days: 1 }).toFormat('dd/LL'),
  );
}

interface Props {
  kind: PeriodKind;
  date: string;
  classId: string;
  classes: readonly SchoolClass[];
  onKind: (kind: PeriodKind) => void;
  onDate: (date: string) => void;
  onClass: (classId: string) => void;
}

/** Class filter, Jour/Semaine/Mois, arrows and date picker (spec part 2 point 2). */
export function AttendanceToolbar({ kind, date, classId, classes, onKind, onDate, onClass }: Props) {
  return (
    <div className="toolbar attendance-toolbar">
      <div className="select-field">
        <label htmlFor="attendance-class">{t.classFilter}</label>
        <select id="attendance-class" value={classId} onChange={(e) => onClass(e.target.value)}>
          <option value="">{t.allClasses}</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code}
            </option>
          ))}
        </select>
      </div>
      <ToggleButtonGroup
        aria-label={t.period}
        className="segmented attendance-period"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[kind]}
        onSelectionChange={(keys) => {
          const next = [...keys][0];
          if (next === 'day' || next === 'week' || next === 'month') onKind(next);
        }}
      >
        {KINDS.map((k) => (
          <ToggleButton key={k} id={k} className="segment">
            {KIND_LABEL[k]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <div className="attendance-nav">
        <Button
          className="button secondary small"
          aria-label={t.previous}
          onPress={() => onDate(toIsoDate(shiftPeriod(kind, date, -1)))}
        >
          ‹
        </Button>
        <span className="attendance-period-label" aria-live="polite">
          {periodLabel(kind, date)}
        </span>
        <Button
          className="button secondary small"
          aria-label={t.next}
          onPress={() => onDate(toIsoDate(shiftPeriod(kind, date, 1)))}
        >
          ›
        </Button>
      </div>
      <div className="field">
        <label htmlFor="attendance-date">{t.date}</label>
        <input
          id="attendance-date"
          type="date"
          value={date}
          onChange={(e) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) onDate(e.target.value);
          }}
        />
      </div>
      <PayrollExportButtons range={periodRange(kind, date)} />
    </div>
  );
}
