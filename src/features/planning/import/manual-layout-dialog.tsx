import { useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import {
  cellReference,
  columnLetter,
  courseAreaOf,
  DAYS_OF_WEEK,
  type MappingProblem,
  type ParsedFile,
  type ParsedTable,
  type SheetGrid,
} from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';
import { useToast } from '../../../ui/toast';
import { GridMappingFields, ListMappingFields } from './guided-mapping-fields';
import { SheetGridPreview, type PreviewRole } from './sheet-grid-preview';
import { useGuidedMapping, type GuidedMappingState, type MappingInUse } from './use-guided-mapping';

interface Props {
  sheets: readonly SheetGrid[];
  /** A file already read is being corrected: its reading will be replaced by the mapping's. */
  isCorrecting?: boolean;
  /** The mapping the reading being corrected used: the dialog opens on it. */
  initial?: MappingInUse | null;
  onBack: () => void;
  onParsed: (parsed: ParsedFile, used: MappingInUse) => void;
}

const SHOWN_COURSES = 6;

function courseLines(tables: readonly ParsedTable[]): string[] {
  const days = fr.planning.timetable.days;
  return tables.flatMap((table) =>
    table.rows.flatMap((row) =>
      DAYS_OF_WEEK.flatMap((day) =>
        row.cells[day].map((cell) =>
          fr.importMapping.courseLine(
            days[day - 1] ?? '',
            row.startTime,
            row.endTime,
            cell.moduleName,
            cell.teacherName,
            table.className,
          ),
        ),
      ),
    ),
  );
}

/** Why the choices read nothing, one sentence a choice (« Colonne A : aucune heure reconnue (« 8-9 ») »). */
export function problemText(problem: MappingProblem): string {
  const t = fr.importMapping;
  const p = t.problems;
  switch (problem.kind) {
    case 'days':
    case 'times': {
      const { axis, index } = problem.line;
      const line = t.line(axis, index, columnLetter(index));
      return p[problem.kind](line, t.quoted(problem.sample));
    }
    case 'no-times':
      return p.noTimes;
    case 'times-across':
      return p.timesAcross;
    case 'empty-area':
      return p.emptyArea(cellReference(problem.first));
    case 'list-missing':
      return problem.role === 'module' ? p.listModule : p.listDay;
    case 'list-column':
      return p.listColumn(
        columnLetter(problem.column),
        t.roles[problem.role],
        p.listWhat[problem.role],
        t.quoted(problem.sample),
      );
  }
}

function roleOf(state: GuidedMappingState) {
  if (state.kind === 'list') {
    const { headerRow, columns } = state.list;
    const mapped = new Set(Object.values(columns));
    return (r: number, c: number): PreviewRole | null =>
      r === headerRow ? 'titles' : r > headerRow && mapped.has(c) ? 'mapped' : null;
  }
  const { days, times, className } = state.grid;
  const area = courseAreaOf(state.rows, state.grid);
  return (r: number, c: number): PreviewRole | null => {
    if (className.kind === 'cell' && className.row === r && className.column === c) return 'class';
    if (days.axis === 'row' ? r === days.index : c === days.index) return 'days';
    if (times !== null && (times.axis === 'row' ? r === times.index : c === times.index)) return 'times';
    if (r === area.row && c === area.column) return 'first';
    return r >= area.row && c >= area.column ? 'area' : null;
  };
}

/**
 * Beyond the spec: when nothing is detected, or to correct a reading that is partial or wrong, the user
 * shows on a preview of the sheet where the days, the times (or types the bell schedule) and the first
 * course are, or maps the columns of a list; the courses read show as they point. The mapping is saved for
 * the organisation: the next file of the same shape is read with it without a question.
 */
export function ManualLayoutDialog({
  sheets,
  isCorrecting = false,
  initial = null,
  onBack,
  onParsed,
}: Props) {
  const state = useGuidedMapping(sheets, initial);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const t = fr.importMapping;
  const m = fr.planning.import.manual;
  const lines = courseLines(state.tables);
  const grid = state.grid;
  const classCell =
    grid.className.kind === 'cell' && state.kind === 'grid'
      ? cellReference({ row: grid.className.row, column: grid.className.column })
      : null;

  const apply = async () => {
    setError(null);
    const outcome = await state.apply();
    if (!outcome.ok) {
      setError(t.applyFailed);
      return;
    }
    toast.show(outcome.saved ? t.saved : t.notSaved, outcome.saved ? 'success' : 'info');
    onParsed(outcome.parsed, outcome.used);
  };

  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onBack())}
      title={isCorrecting ? t.correctTitle : m.title}
      size="large"
    >
      <p className="hint">{isCorrecting ? t.correctIntro : t.intro}</p>
      <div className="guided-mapping-fields">
        {sheets.length > 1 ? (
          <div className="select-field">
            <label htmlFor="manual-sheet">{m.sheet}</label>
            <select
              id="manual-sheet"
              value={state.sheetIndex}
              onChange={(e) => state.selectSheet(Number(e.target.value))}
            >
              {sheets.map((s, i) => (
                <option key={`${s.sheetName}-${i}`} value={i}>
                  {s.sheetName}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="manual-class">{m.className}</label>
          <input
            id="manual-class"
            value={state.className}
            placeholder={classCell ? t.classFromCell(classCell) : m.classNameHint}
            onChange={(e) => state.setClassName(e.target.value)}
          />
        </div>
      </div>
      <RadioGroup
        className="field"
        orientation="horizontal"
        value={state.kind}
        onChange={(value) => state.setKind(value === 'list' ? 'list' : 'grid')}
      >
        <Label>{t.layout}</Label>
        <div className="contracts-radios">
          <Radio value="grid" className="checkbox">
            <span className="checkbox-box" aria-hidden="true" />
            {t.grid}
          </Radio>
          <Radio value="list" className="checkbox">
            <span className="checkbox-box" aria-hidden="true" />
            {t.list}
          </Radio>
        </div>
      </RadioGroup>
      {state.kind === 'grid' ? <GridMappingFields state={state} /> : <ListMappingFields state={state} />}
      <SheetGridPreview
        rows={state.rows}
        roleOf={roleOf(state)}
        {...(state.kind === 'grid'
          ? { onPick: (row: number, column: number) => state.point({ row, column }) }
          : {})}
      />
      <div role="status">
        {state.courses > 0 ? (
          <p className="form-success">{m.result(state.tables.length, state.courses)}</p>
        ) : (
          <ul className="guided-mapping-problems">
            {(state.problems.length > 0 ? state.problems.map(problemText) : [m.nothing]).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
        {lines.length > 0 ? (
          <ul className="guided-mapping-courses">
            {lines.slice(0, SHOWN_COURSES).map((line, i) => (
              <li key={i}>{line}</li>
            ))}
            {lines.length > SHOWN_COURSES ? <li>{t.more(lines.length - SHOWN_COURSES)}</li> : null}
          </ul>
        ) : null}
      </div>
      {state.isApplying ? <p className="hint">{t.applying}</p> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onBack}>
          {fr.planning.import.cancel}
        </Button>
        <Button
          className="button primary"
          isDisabled={state.courses === 0 || state.isApplying}
          onPress={() => void apply()}
        >
          {m.apply}
        </Button>
      </div>
    </AppDialog>
  );
}
