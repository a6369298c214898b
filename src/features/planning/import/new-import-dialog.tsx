import { useRef, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import {
  importPeriodOf,
  validateImportForm,
  type ImportFormDraft,
  type ImportFormIssue,
  type ImportPeriod,
} from '../../../domain/planning/import-form';
import type { Periodicity } from '../../../domain/store/schema';
import { importYears, isoWeekOf, mondaysOfMonth, weekStartDateOf } from '../../../domain/time/period';
import type { ParsedFile, SheetGrid } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';
import { readIssueMessage } from './read-messages';
import { ReadProgressBar } from './read-progress-bar';
import { readTimetableFile, type ReadProgress } from './read-timetable-file';
import { useImportData } from './use-import-data';

export interface ReadFile {
  fileName: string;
  period: ImportPeriod;
}

interface Props {
  onClose: () => void;
  onParsed: (read: ReadFile & { parsed: ParsedFile; emptySheets: string[] }) => void;
  onManual: (read: ReadFile & { sheets: SheetGrid[] }) => void;
}

const ACCEPT = '.xlsx,.xls,.ods,.csv,.txt';

function initialDraft(now: Date): ImportFormDraft {
  const monday = weekStartDateOf(now);
  return {
    periodicity: 'week',
    year: now.getUTCFullYear(),
    month: now.getUTCMonth() + 1,
    weekStartDate: mondaysOfMonth(now.getUTCFullYear(), now.getUTCMonth() + 1).includes(monday)
      ? monday
      : null,
    hasFile: false,
  };
}

function frDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** "Nouvel import" (spec part 2 point 2): period, file, then reading in the worker with a progress bar. */
export function NewImportDialog({ onClose, onParsed, onManual }: Props) {
  const [now] = useState(() => new Date());
  const [draft, setDraft] = useState<ImportFormDraft>(() => initialDraft(now));
  const [file, setFile] = useState<File | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [progress, setProgress] = useState<ReadProgress | null>(null);
  const [failure, setFailure] = useState<{
    message: string;
    manual: (ReadFile & { sheets: SheetGrid[] }) | null;
  } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const data = useImportData();
  const t = fr.planning.import;
  const issues = validateImportForm({ ...draft, hasFile: file !== null });
  const shown = (issue: ImportFormIssue) => isSubmitted && issues.includes(issue);
  const messages: Record<ImportFormIssue, string> = {
    'week-required': t.weekRequired,
    'month-invalid': t.monthInvalid,
    'file-required': t.fileRequired,
  };
  const mondays = draft.month ? mondaysOfMonth(draft.year, draft.month) : [];
  const isReading = progress !== null;
  const update = (changes: Partial<ImportFormDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setFailure(null);
  };

  const submit = async () => {
    setIsSubmitted(true);
    const period = importPeriodOf(draft);
    if (issues.length > 0 || period === null || file === null) return;
    setFailure(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ stage: 'loading', sheetsDone: 0, sheetCount: 0 });
    // What the school already has is recognised first in the cells (spec part 2 point 5, beyond it).
    const known = data
      ? {
          classes: data.classes.map((c) => c.code),
          modules: data.courseModules.flatMap((m) => [m.name, m.code]),
          teachers: data.users.map((u) => u.name),
        }
      : undefined;
    const result = await readTimetableFile(file, {
      onProgress: setProgress,
      signal: controller.signal,
      ...(known ? { known } : {}),
    });
    abort.current = null;
    setProgress(null);
    if (controller.signal.aborted) return;
    const read = { fileName: file.name || 'import.xlsx', period };
    if (result.ok) {
      const emptySheets = result.warnings.map((w) => w.sheetName);
      onParsed({ ...read, parsed: result.value, emptySheets });
      return;
    }
    // Beyond the spec: a workbook read without any timetable can still be laid out by hand.
    const canPick = result.issues[0]?.code === 'empty' && result.sheets.length > 0;
    setFailure({
      message: readIssueMessage(result.issues),
      manual: canPick ? { ...read, sheets: result.sheets } : null,
    });
  };

  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open || isReading ? undefined : onClose())}
      title={t.dialogTitle}
      isDismissable={!isReading}
    >
      <Form
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="import-form"
      >
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
              {importYears(now).map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
          <div className="select-field" data-invalid={shown('month-invalid') || undefined}>
            <label htmlFor="import-month">{t.monthField}</label>
            <select
              id="import-month"
              value={draft.month ?? ''}
              disabled={isReading}
              aria-invalid={shown('month-invalid') || undefined}
              aria-describedby={shown('month-invalid') ? 'import-month-error' : undefined}
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
        {shown('month-invalid') ? (
          <p id="import-month-error" className="field-error">
            {messages['month-invalid']}
          </p>
        ) : null}
        {draft.periodicity === 'week' ? (
          <div className="select-field" data-invalid={shown('week-required') || undefined}>
            <label htmlFor="import-week">{t.weekField}</label>
            <select
              id="import-week"
              value={draft.weekStartDate ?? ''}
              disabled={isReading}
              aria-invalid={shown('week-required') || undefined}
              aria-describedby={shown('week-required') ? 'import-week-error' : undefined}
              onChange={(e) => update({ weekStartDate: e.target.value === '' ? null : e.target.value })}
            >
              <option value="">{t.chooseWeek}</option>
              {mondays.map((monday) => (
                <option key={monday} value={monday}>
                  {t.weekOption(isoWeekOf(monday).weekNumber, frDate(monday))}
                </option>
              ))}
            </select>
            {shown('week-required') ? (
              <p id="import-week-error" className="field-error">
                {messages['week-required']}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="select-field" data-invalid={shown('file-required') || undefined}>
          <label htmlFor="import-file">{t.file}</label>
          <input
            id="import-file"
            type="file"
            accept={ACCEPT}
            disabled={isReading}
            aria-invalid={shown('file-required') || undefined}
            aria-describedby="import-file-hint"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setFailure(null);
            }}
          />
          <p id="import-file-hint" className="hint">
            {t.fileHint}
          </p>
          {shown('file-required') ? <p className="field-error">{messages['file-required']}</p> : null}
        </div>
        {progress ? <ReadProgressBar progress={progress} /> : null}
        {failure ? (
          <div className="form-error" role="alert">
            <p className="import-error-text">{failure.message}</p>
            {failure.manual ? (
              <Button
                className="button secondary small"
                onPress={() => {
                  if (failure.manual) onManual(failure.manual);
                }}
              >
                {t.manual.title}
              </Button>
            ) : null}
          </div>
        ) : null}
        <div className="dialog-actions">
          {isReading ? (
            <Button className="button secondary" onPress={() => abort.current?.abort()}>
              {t.stopReading}
            </Button>
          ) : (
            <Button className="button secondary" onPress={onClose}>
              {t.cancel}
            </Button>
          )}
          <Button className="button primary" type="submit" isDisabled={isReading}>
            {t.analyse}
          </Button>
        </div>
      </Form>
    </AppDialog>
  );
}
