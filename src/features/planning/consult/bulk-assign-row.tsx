import { useId } from 'react';
import { Button } from 'react-aria-components';
import { frBulkAssign } from '../../../i18n/fr-bulk-assign';
import type { NamedUnassignedGroup } from '../../../services/planning/bulk-assign';
import { shortDate } from '../../../ui/timetable';

const t = frBulkAssign;

function weeksText(weeks: readonly string[]): string {
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return '';
  return t.weeks(weeks.length, shortDate(first), `${shortDate(last)}/${last.slice(0, 4)}`);
}

interface RowProps {
  group: NamedUnassignedGroup;
  teachers: readonly { id: string; name: string }[];
  value: string;
  onChange: (teacherUserId: string) => void;
  onAssign: () => void;
}

/** One module and class without a teacher: its courses and weeks, a teacher picker and "Affecter". */
export function BulkAssignRow({ group, teachers, value, onChange, onAssign }: RowProps) {
  const selectId = useId();
  return (
    <li className="bulk-assign-row">
      <div className="bulk-assign-what">
        <p className="bulk-assign-name">{t.group(group.moduleName, group.className)}</p>
        <p className="cell-sub">
          {t.count(group.courseCount)} · {weeksText(group.weeks)}
        </p>
      </div>
      <div className="bulk-assign-controls">
        <label htmlFor={selectId} className="visually-hidden">
          {t.teacherLabel(group.moduleName, group.className)}
        </label>
        <select id={selectId} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t.choose}</option>
          {teachers.map((teacher) => (
            <option key={teacher.id} value={teacher.id}>
              {teacher.name}
            </option>
          ))}
        </select>
        <Button
          className="button primary"
          isDisabled={value === ''}
          onPress={onAssign}
          aria-label={t.assignLabel(group.moduleName, group.className)}
        >
          {t.assign}
        </Button>
      </div>
    </li>
  );
}
