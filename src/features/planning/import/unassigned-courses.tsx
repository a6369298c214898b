import type { UnassignedGroup } from '../../../domain/planning/unassigned';
import { frUnassigned } from '../../../i18n/fr-unassigned';

interface Props {
  groups: readonly UnassignedGroup[];
  /** Active users who may teach, by name. */
  teachers: readonly { id: string; name: string }[];
  assignments: Readonly<Record<string, string>>;
  onAssign: (key: string, userId: string | null) => void;
}

/**
 * "Cours à affecter" (issue 30 item 5): the courses the file names no teacher for, by module and class; one
 * choice gives a teacher to all the courses of that module and class. Left "À affecter", they are imported
 * without a teacher and nobody can check in for them until one is set.
 */
export function UnassignedCourses({ groups, teachers, assignments, onAssign }: Props) {
  const t = frUnassigned;
  if (groups.length === 0) return null;
  const total = groups.reduce((n, g) => n + g.courseCount, 0);
  return (
    <section className="import-unassigned" aria-labelledby="import-unassigned-title">
      <h3 id="import-unassigned-title">{t.title}</h3>
      <p className="hint">{t.intro(total)}</p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.module}</th>
              <th scope="col">{t.className}</th>
              <th scope="col">{t.courses}</th>
              <th scope="col">{t.teacherLabel}</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.key}>
                <td>{group.moduleName}</td>
                <td>{group.className}</td>
                <td>{group.courseCount}</td>
                <td>
                  <select
                    aria-label={t.assignLabel(group.moduleName, group.className)}
                    value={assignments[group.key] ?? ''}
                    onChange={(e) => onAssign(group.key, e.target.value === '' ? null : e.target.value)}
                  >
                    <option value="">{t.keep}</option>
                    {teachers.map((teacher) => (
                      <option key={teacher.id} value={teacher.id}>
                        {teacher.name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
