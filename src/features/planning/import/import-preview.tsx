import { useMemo, useState } from 'react';
import type { ImportPeriod } from '../../../domain/planning/import-form';
import {
  filterPreviewRows,
  importDisplayItems,
  type ColorBy,
  type ImportPreviewRow,
} from '../../../domain/planning/import-timetables';
import type { PlanningPeriod } from '../../../domain/planning/period-matching';
import type { DeliveryMode } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import {
  SegmentedControl,
  TimetableLegend,
  TimetableView,
  TimetableViewSwitcher,
  type TimetableViewKind,
} from '../../../ui/timetable';
import { PreviewTable } from './preview-table';

interface Props {
  rows: readonly ImportPreviewRow[];
  /** Filter choices and legend colours, computed with the rows (off the main thread). */
  moduleNames: readonly string[];
  teacherNames: readonly string[];
  legends: Readonly<Record<ColorBy, ReadonlyMap<string, string>>>;
  period: ImportPeriod;
  deliveryModes: ReadonlyMap<string, DeliveryMode>;
  onDeliveryChange: (slotKey: string, mode: DeliveryMode) => void;
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, 'fr'));
}

/** Preview of the parsed timetable: table, cards or calendar, coloured by module or teacher, two filters. */
export function ImportPreview(props: Props) {
  const { rows, period, deliveryModes, onDeliveryChange } = props;
  const [view, setView] = useState<TimetableViewKind>('table');
  const [colorBy, setColorBy] = useState<ColorBy>('module');
  const [moduleName, setModuleName] = useState<string | null>(null);
  const [teacherName, setTeacherName] = useState<string | null>(null);
  const t = fr.planning.timetable;
  const v = fr.planning.import.verify;
  const modules = props.moduleNames;
  const teachers = props.teacherNames;
  const colors = props.legends[colorBy];
  const shown = useMemo(
    () =>
      moduleName === null && teacherName === null
        ? rows
        : filterPreviewRows(rows, { moduleName, teacherName }),
    [rows, moduleName, teacherName],
  );
  const legend = useMemo(() => {
    // Unfiltered, the legend is the whole list computed with the rows.
    const names =
      shown === rows
        ? colorBy === 'module'
          ? modules
          : teachers
        : distinct(shown.map((r) => (colorBy === 'module' ? r.moduleName : r.teacherName)));
    return names.map((name) => ({ key: name, label: name, color: colors.get(name) ?? '' }));
  }, [shown, rows, colorBy, modules, teachers, colors]);
  const planningPeriod: PlanningPeriod =
    period.periodicity === 'week'
      ? { kind: 'week', weekStartDate: period.weekStartDate ?? '' }
      : { kind: 'month', year: period.year, month: period.month };
  const items = useMemo(
    () => (view === 'table' ? [] : importDisplayItems(shown, period, colors, colorBy, deliveryModes)),
    [view, shown, period, colors, colorBy, deliveryModes],
  );

  return (
    <section className="import-preview" aria-labelledby="import-preview-title">
      <h3 id="import-preview-title" className="import-section-title">
        {v.preview}
      </h3>
      <div className="toolbar import-preview-toolbar">
        <TimetableViewSwitcher value={view} onChange={setView} />
        <SegmentedControl
          label={t.colorBy}
          value={colorBy}
          onChange={setColorBy}
          options={[
            { id: 'module', label: t.colorByModule },
            { id: 'teacher', label: t.colorByTeacher },
          ]}
        />
        <div className="select-field">
          <label htmlFor="import-filter-module">{v.moduleFilter}</label>
          <select
            id="import-filter-module"
            value={moduleName ?? ''}
            onChange={(e) => setModuleName(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">{v.allModules}</option>
            {modules.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        <div className="select-field">
          <label htmlFor="import-filter-teacher">{v.teacherFilter}</label>
          <select
            id="import-filter-teacher"
            value={teacherName ?? ''}
            onChange={(e) => setTeacherName(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">{v.allTeachers}</option>
            {teachers.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
      </div>
      <TimetableLegend title={t.legend} entries={legend} />
      {view === 'table' ? (
        <PreviewTable
          rows={shown}
          period={period}
          colors={colors}
          colorBy={colorBy}
          deliveryModes={deliveryModes}
          onDeliveryChange={onDeliveryChange}
        />
      ) : (
        <div className="import-preview-view">
          <TimetableView
            view={view}
            period={planningPeriod}
            items={items}
            now={new Date()}
            label={v.preview}
          />
        </div>
      )}
    </section>
  );
}
