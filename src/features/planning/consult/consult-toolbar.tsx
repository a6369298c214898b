import type { ColorBy } from '../../../domain/planning/slot-display';
import type { PlanningPeriod } from '../../../domain/planning/period-matching';
import { fr } from '../../../i18n/fr';
import { frFirstMonthUx } from '../../../i18n/fr-first-month-ux';
import { SegmentedControl, TimetableViewSwitcher, type TimetableViewKind } from '../../../ui/timetable';
import type { ConsultFilters, Grouping } from './consult-model';
import { PeriodNav } from './period-nav';
import { SelectField } from './select-field';

export interface ConsultSettings {
  grouping: Grouping;
  view: TimetableViewKind;
  period: PlanningPeriod;
  filters: ConsultFilters;
  colorBy: ColorBy;
}

interface Props {
  settings: ConsultSettings;
  onChange: (settings: ConsultSettings) => void;
  onPeriodKindChange: (kind: PlanningPeriod['kind']) => void;
  teachers: readonly { id: string; name: string }[];
  modules: readonly { id: string; name: string }[];
  /** The classes of the period, for the class picker of the by-class grouping. */
  classes: readonly { id: string; name: string }[];
}

/** Grouping, period, filters, view and colouring of /planning/consulter (spec part 2 point 2). */
export function ConsultToolbar({
  settings,
  onChange,
  onPeriodKindChange,
  teachers,
  modules,
  classes,
}: Props) {
  const t = fr.planning.consult;
  const tt = fr.planning.timetable;
  const set = (patch: Partial<ConsultSettings>) => onChange({ ...settings, ...patch });
  const setFilter = (patch: Partial<ConsultFilters>) => set({ filters: { ...settings.filters, ...patch } });
  return (
    <div className="consult-toolbar">
      <div className="toolbar">
        <SegmentedControl
          label={t.grouping}
          value={settings.grouping}
          onChange={(grouping) => set({ grouping })}
          options={[
            { id: 'class', label: t.byClass },
            { id: 'teacher', label: t.byTeacher },
            { id: 'global', label: t.global },
          ]}
        />
        <SegmentedControl
          label={t.periodKind}
          value={settings.period.kind}
          onChange={onPeriodKindChange}
          options={[
            { id: 'week', label: t.week },
            { id: 'month', label: t.month },
          ]}
        />
        <PeriodNav period={settings.period} onChange={(period) => set({ period })} />
      </div>
      <div className="toolbar consult-filters">
        {settings.grouping === 'class' ? (
          // Issue 33 point 6: one class's week or month without scrolling through every class.
          <SelectField
            label={frFirstMonthUx.planning.classPicker}
            value={settings.filters.classId ?? ''}
            onChange={(classId) => setFilter({ classId })}
            options={classes}
            allLabel={frFirstMonthUx.planning.allClasses}
          />
        ) : null}
        <SelectField
          label={t.teacherFilter}
          value={settings.filters.teacherUserId}
          onChange={(teacherUserId) => setFilter({ teacherUserId })}
          options={teachers}
          allLabel={t.allTeachers}
        />
        {settings.grouping === 'global' ? (
          <SelectField
            label={t.moduleFilter}
            value={settings.filters.moduleId}
            onChange={(moduleId) => setFilter({ moduleId })}
            options={modules}
            allLabel={t.allModules}
          />
        ) : null}
        <span className="grow" />
        <TimetableViewSwitcher value={settings.view} onChange={(view) => set({ view })} />
        <SegmentedControl
          label={tt.colorBy}
          value={settings.colorBy}
          onChange={(colorBy) => set({ colorBy })}
          options={[
            { id: 'module', label: tt.colorByModule },
            { id: 'teacher', label: tt.colorByTeacher },
          ]}
        />
      </div>
    </div>
  );
}
