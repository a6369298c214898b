import type { ImportFormIssue } from '../../../domain/planning/import-form';
import type { Periodicity } from '../../../domain/store/schema';
import { isoWeekOf, mondaysOfMonth } from '../../../domain/time/period';
import { fr } from '../../../i18n/fr';
import type { NewImportState } from './use-new-import';

function frDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** Periodicity, year, month and week of "Nouvel import" (spec part 2 points 2 and 5). */
export function NewImportPeriodFields({ state }: { state: NewImportState }) {
  const { draft, update, isReading, isShown, years, fileWeeks } = state;
  const t = fr.planning.import;
  const messages: Record<ImportFormIssue, string> = {
    'week-required': t.weekRequired,
    'month-invalid': t.monthInvalid,
    'file-required': t.fileRequired,
  };
  const mondays = draft.month ? mondaysOfMonth(draft.year, draft.month) : [];
  return (
    <>
      <div className="import-form-row">
        <div className="select-field">
          <label htmlFor="import-periodicity">{t.periodicity}</label>
          <select
            id="import-periodicity"
            value={draft.periodicity}
            disabled={isReading}
            onChange={(e) => update({ periodicity: e.target.value as Periodicity })}
          >
            <option value="week">{t.week}</option>
            <option value="month">{t.month}</option>
          </select>
        </div>
        <div className="select-field">
          <label htmlFor="import-year">{t.year}</label>
          <select
            id="import-year"
            value={draft.year}
            disabled={isReading}
            onChange={(e) => update({ year: Number(e.target.value), weekStartDate: null })}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div className="select-field" data-invalid={isShown('month-invalid') || undefined}>
          <label htmlFor="import-month">{t.monthField}</label>
          <select
            id="import-month"
            value={draft.month ?? ''}
            disabled={isReading}
            aria-invalid={isShown('month-invalid') || undefined}
            aria-describedby={isShown('month-invalid') ? 'import-month-error' : undefined}
            onChange={(e) =>
              update({ month: e.target.value === '' ? null : Number(e.target.value), weekStartDate: null })
            }
          >
            <option value="">{t.chooseMonth}</option>
            {fr.planning.timetable.months.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isShown('month-invalid') ? (
        <p id="import-month-error" className="field-error">
          {messages['month-invalid']}
        </p>
      ) : null}
      {draft.periodicity === 'week' ? (
        <div className="select-field" data-invalid={isShown('week-required') || undefined}>
          <label htmlFor="import-week">{t.weekField}</label>
          <select
            id="import-week"
            value={draft.weekStartDate ?? ''}
            disabled={isReading}
            aria-invalid={isShown('week-required') || undefined}
            aria-describedby={isShown('week-required') ? 'import-week-error' : undefined}
            onChange={(e) => update({ weekStartDate: e.target.value === '' ? null : e.target.value })}
          >
            <option value="">{t.chooseWeek}</option>
            {mondays.map((monday) => (
              <option key={monday} value={monday}>
                {t.weekOption(isoWeekOf(monday).weekNumber, frDate(monday))}
              </option>
            ))}
          </select>
          {isShown('week-required') ? (
            <p id="import-week-error" className="field-error">
              {messages['week-required']}
            </p>
          ) : null}
        </div>
      ) : null}
      {fileWeeks && fileWeeks.length > 0 ? (
        <p className="form-error" role="alert">
          {fr.importPlaces.fileWeeks(
            fileWeeks.length,
            frDate(fileWeeks[0] ?? ''),
            frDate(fileWeeks[fileWeeks.length - 1] ?? ''),
          )}
        </p>
      ) : null}
    </>
  );
}
