import { useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import {
  columnLetter,
  LIST_MAPPING_ROLES,
  MAX_PERIOD_ROWS,
  type PointRole,
  type SheetLine,
} from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import type { GuidedMappingState } from './use-guided-mapping';

/** Rows offered in the pickers: the detection searches 50 rows, so does the dialog. */
const PICK_ROWS = 50;
const POINT_ROLES: readonly PointRole[] = ['days', 'times', 'first', 'class'];

function lineValue(line: SheetLine | null, axis: SheetLine['axis']): string {
  return line !== null && line.axis === axis ? String(line.index) : '';
}

function RowOptions({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, r) => (
        <option key={r} value={r}>
          {fr.planning.import.manual.row(r + 1)}
        </option>
      ))}
    </>
  );
}

function ColumnOptions({ count, titles }: { count: number; titles?: readonly string[] }) {
  return (
    <>
      {Array.from({ length: count }, (_, c) => (
        <option key={c} value={c}>
          {titles
            ? fr.importMapping.columnOption(columnLetter(c), (titles[c] ?? '').slice(0, 30))
            : fr.planning.import.manual.column(columnLetter(c))}
        </option>
      ))}
    </>
  );
}

/** The grid's choices: days, times or bell schedule, first course (pointing on the preview does the same). */
export function GridMappingFields({ state }: { state: GuidedMappingState }) {
  const t = fr.importMapping;
  const m = fr.planning.import.manual;
  const { grid, rows } = state;
  const rowCount = Math.min(PICK_ROWS, Math.max(rows.length, 1));
  const columnCount = Math.max(1, ...rows.slice(0, PICK_ROWS).map((row) => row.length));
  const [proposed, setProposed] = useState<number | null>(null);
  const setDays = (axis: SheetLine['axis'], value: string) => {
    if (value === '') return;
    state.setGrid((g) => ({ ...g, days: { axis, index: Number(value) }, firstCourse: null }));
  };
  const setTimes = (axis: SheetLine['axis'], value: string) =>
    state.setGrid((g) => ({
      ...g,
      times: value === '' ? null : { axis, index: Number(value) },
      firstCourse: null,
    }));
  return (
    <>
      <RadioGroup
        className="field"
        orientation="horizontal"
        value={state.pointing}
        onChange={(value) => state.setPointing(value as PointRole)}
      >
        <Label>{t.pointing}</Label>
        <div className="contracts-radios">
          {POINT_ROLES.map((role) => (
            <Radio key={role} value={role} className="checkbox">
              <span className="checkbox-box" aria-hidden="true" />
              {{ days: t.pointDays, times: t.pointTimes, first: t.pointFirst, class: t.pointClass }[role]}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <div className="guided-mapping-fields">
        <div className="select-field">
          <label htmlFor="mapping-days-row">{m.headerRow}</label>
          <select
            id="mapping-days-row"
            value={lineValue(grid.days, 'row')}
            onChange={(e) => setDays('row', e.target.value)}
          >
            <option value="">{t.none}</option>
            <RowOptions count={rowCount} />
          </select>
        </div>
        <div className="select-field">
          <label htmlFor="mapping-days-column">{t.dayColumn}</label>
          <select
            id="mapping-days-column"
            value={lineValue(grid.days, 'column')}
            onChange={(e) => setDays('column', e.target.value)}
          >
            <option value="">{t.none}</option>
            <ColumnOptions count={columnCount} />
          </select>
        </div>
        <div className="select-field">
          <label htmlFor="mapping-times-column">{m.timeColumn}</label>
          <select
            id="mapping-times-column"
            value={lineValue(grid.times, 'column')}
            onChange={(e) => setTimes('column', e.target.value)}
          >
            <option value="">{t.noTimes}</option>
            <ColumnOptions count={columnCount} />
          </select>
        </div>
        {grid.days.axis === 'column' ? (
          <div className="select-field">
            <label htmlFor="mapping-times-row">{t.timeRow}</label>
            <select
              id="mapping-times-row"
              value={lineValue(grid.times, 'row')}
              onChange={(e) => setTimes('row', e.target.value)}
            >
              <option value="">{t.none}</option>
              <RowOptions count={rowCount} />
            </select>
          </div>
        ) : null}
        <div className="field" data-invalid={state.isFirstInvalid || undefined}>
          <label htmlFor="mapping-first">{t.firstCourse}</label>
          <input
            id="mapping-first"
            value={state.firstText}
            aria-invalid={state.isFirstInvalid || undefined}
            aria-describedby="mapping-first-hint"
            onChange={(e) => state.setFirstText(e.target.value)}
          />
          <p id="mapping-first-hint" className={state.isFirstInvalid ? 'field-error' : 'hint'}>
            {state.isFirstInvalid ? t.firstCourseInvalid : t.firstCourseHint}
          </p>
        </div>
      </div>
      <div className="field guided-mapping-bell">
        <div className="guided-mapping-bell-head">
          <label htmlFor="mapping-bell">{t.bell}</label>
          <Button className="button secondary small" onPress={() => setProposed(state.proposeBell())}>
            {t.proposeBell}
          </Button>
        </div>
        <textarea
          id="mapping-bell"
          value={state.bellText}
          aria-describedby="mapping-bell-hint mapping-bell-problems"
          onChange={(e) => state.setBellText(e.target.value)}
        />
        <p id="mapping-bell-hint" className="hint">
          {t.bellHint}
        </p>
        {proposed !== null ? (
          <p className="hint" role="status">
            {t.proposedBell(proposed)}
          </p>
        ) : null}
        <div id="mapping-bell-problems">
          {state.bell.problems.map(({ line, problem }) => (
            <p key={line} className="field-error">
              {problem === 'too-many' ? t.bellTooMany(line) : t.bellProblem(line)}
            </p>
          ))}
        </div>
      </div>
      {grid.times === null ? (
        <div className="field guided-mapping-span">
          <label htmlFor="mapping-period-rows">{t.periodRows}</label>
          <input
            id="mapping-period-rows"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PERIOD_ROWS}
            value={grid.periodRows ?? 1}
            aria-describedby="mapping-period-rows-hint"
            onChange={(e) => {
              const value = Math.round(Number(e.target.value));
              state.setGrid((g) => ({
                ...g,
                periodRows: Number.isFinite(value) ? Math.min(MAX_PERIOD_ROWS, Math.max(1, value)) : 1,
              }));
            }}
          />
          <p id="mapping-period-rows-hint" className="hint">
            {t.periodRowsHint}
          </p>
        </div>
      ) : null}
    </>
  );
}

/** The list's choices: the row of titles and the column of each value. */
export function ListMappingFields({ state }: { state: GuidedMappingState }) {
  const t = fr.importMapping;
  const { list, rows } = state;
  const rowCount = Math.min(PICK_ROWS, Math.max(rows.length, 1));
  const titles = rows[list.headerRow] ?? [];
  const columnCount = Math.max(1, ...rows.slice(0, PICK_ROWS).map((row) => row.length));
  return (
    <>
      <p className="hint">{t.listHint}</p>
      <div className="guided-mapping-fields">
        <div className="select-field">
          <label htmlFor="mapping-title-row">{t.titleRow}</label>
          <select
            id="mapping-title-row"
            value={list.headerRow}
            onChange={(e) => state.setList((l) => ({ ...l, headerRow: Number(e.target.value) }))}
          >
            <RowOptions count={rowCount} />
          </select>
        </div>
        {LIST_MAPPING_ROLES.map((role) => (
          <div key={role} className="select-field">
            <label htmlFor={`mapping-role-${role}`}>{t.roles[role]}</label>
            <select
              id={`mapping-role-${role}`}
              value={list.columns[role] ?? ''}
              onChange={(e) =>
                state.setList((l) => {
                  const columns = { ...l.columns };
                  if (e.target.value === '') delete columns[role];
                  else columns[role] = Number(e.target.value);
                  return { ...l, columns };
                })
              }
            >
              <option value="">{t.none}</option>
              <ColumnOptions count={columnCount} titles={titles} />
            </select>
          </div>
        ))}
      </div>
    </>
  );
}
