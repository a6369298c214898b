import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import {
  DAYS_OF_WEEK,
  parseSheet,
  type ParsedFile,
  type ParseSheetOptions,
  type SheetGrid,
} from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';
import { columnLetter, PREVIEW_COLUMNS, SheetGridPreview } from './sheet-grid-preview';

interface Props {
  sheets: readonly SheetGrid[];
  onBack: () => void;
  onParsed: (parsed: ParsedFile) => void;
}

/** Rows offered as header: the detection searches 50 rows, so does the picker. */
const HEADER_CHOICES = 50;

function courseCount(parsed: ParsedFile): number {
  return parsed.tables.reduce(
    (sum, table) =>
      sum + table.rows.reduce((n, row) => n + DAYS_OF_WEEK.reduce((k, d) => k + row.cells[d].length, 0), 0),
    0,
  );
}

/**
 * Beyond the spec (issue 6): when nothing is detected, the user points at the row of weekday names, the column
 * of time ranges and names the class, on a preview of the sheet; the parser runs again with those choices.
 */
export function ManualLayoutDialog({ sheets, onBack, onParsed }: Props) {
  const [sheetIndex, setSheetIndex] = useState(0);
  const [headerRow, setHeaderRow] = useState<number | null>(null);
  const [timeColumn, setTimeColumn] = useState<number | null>(null);
  const [className, setClassName] = useState('');
  const t = fr.planning.import.manual;
  const sheet = sheets[sheetIndex] ?? sheets[0];
  const grid = useMemo(() => sheet?.grid ?? [], [sheet]);
  const parsed = useMemo(() => {
    const options: ParseSheetOptions = {};
    if (headerRow !== null) options.headerRow = headerRow;
    if (timeColumn !== null) options.timeColumn = timeColumn;
    if (className.trim() !== '') options.className = className;
    return parseSheet(grid, sheet?.sheetName ?? '', options);
  }, [grid, sheet, headerRow, timeColumn, className]);
  const courses = courseCount(parsed);
  const rowCount = Math.min(HEADER_CHOICES, grid.length);
  const columnCount = Math.max(PREVIEW_COLUMNS, ...grid.slice(0, HEADER_CHOICES).map((r) => r?.length ?? 0));

  return (
    <AppDialog isOpen onOpenChange={(open) => (open ? undefined : onBack())} title={t.title} size="large">
      <p className="hint">{t.intro}</p>
      <div className="import-form-row">
        {sheets.length > 1 ? (
          <div className="select-field">
            <label htmlFor="manual-sheet">{t.sheet}</label>
            <select
              id="manual-sheet"
              value={sheetIndex}
              onChange={(e) => {
                setSheetIndex(Number(e.target.value));
                setHeaderRow(null);
                setTimeColumn(null);
              }}
            >
              {sheets.map((s, i) => (
                <option key={`${s.sheetName}-${i}`} value={i}>
                  {s.sheetName}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="select-field">
          <label htmlFor="manual-header">{t.headerRow}</label>
          <select
            id="manual-header"
            value={headerRow ?? ''}
            onChange={(e) => setHeaderRow(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">{t.auto}</option>
            {Array.from({ length: rowCount }, (_, r) => (
              <option key={r} value={r}>
                {t.row(r + 1)}
              </option>
            ))}
          </select>
        </div>
        <div className="select-field">
          <label htmlFor="manual-time">{t.timeColumn}</label>
          <select
            id="manual-time"
            value={timeColumn ?? ''}
            onChange={(e) => setTimeColumn(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">{t.auto}</option>
            {Array.from({ length: columnCount }, (_, c) => (
              <option key={c} value={c}>
                {t.column(columnLetter(c))}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="manual-class">{t.className}</label>
          <input
            id="manual-class"
            value={className}
            placeholder={t.classNameHint}
            onChange={(e) => setClassName(e.target.value)}
          />
        </div>
      </div>
      <SheetGridPreview grid={grid} headerRow={headerRow} timeColumn={timeColumn} />
      <p className={courses > 0 ? 'form-success' : 'hint'} role="status">
        {courses > 0 ? t.result(parsed.tables.length, courses) : t.nothing}
      </p>
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onBack}>
          {fr.planning.import.cancel}
        </Button>
        <Button className="button primary" isDisabled={courses === 0} onPress={() => onParsed(parsed)}>
          {t.apply}
        </Button>
      </div>
    </AppDialog>
  );
}
