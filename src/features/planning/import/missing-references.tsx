import { referenceKey, teacherEmailFromName } from '../../../domain/timetable-parsing';
import { teacherDraftIssue } from '../../../domain/planning/import-references';
import type { Institute, Level, Profile } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { LongTable } from './long-table';

const ROW_ESTIMATE_PX = 52;

export interface PlaceChoice {
  levelId: string | null;
  instituteId: string | null;
}

export interface TeacherChoice {
  email: string;
  profileId: string | null;
}

export interface MissingChoices {
  classes: Record<string, PlaceChoice>;
  modules: Record<string, PlaceChoice>;
  teachers: Record<string, TeacherChoice>;
}

interface Props {
  missing: { classes: readonly string[]; modules: readonly string[]; teachers: readonly string[] };
  levels: readonly Level[];
  institutes: readonly Institute[];
  profiles: readonly Profile[];
  existingEmails: readonly string[];
  choices: MissingChoices;
  defaults: { place: PlaceChoice; teacher: TeacherChoice };
  onChange: (next: MissingChoices) => void;
}

/** The small forms of the missing classes, modules and teachers (spec part 2 point 2). */
export function MissingReferences(props: Props) {
  const { missing, choices, defaults, onChange } = props;
  const v = fr.planning.import.verify;
  const place = (kind: 'classes' | 'modules', name: string) =>
    choices[kind][referenceKey(name)] ?? defaults.place;
  const teacher = (name: string) => choices.teachers[referenceKey(name)] ?? defaults.teacher;
  const setPlace = (kind: 'classes' | 'modules', name: string, changes: Partial<PlaceChoice>) =>
    onChange({
      ...choices,
      [kind]: { ...choices[kind], [referenceKey(name)]: { ...place(kind, name), ...changes } },
    });
  const setTeacher = (name: string, changes: Partial<TeacherChoice>) =>
    onChange({
      ...choices,
      teachers: { ...choices.teachers, [referenceKey(name)]: { ...teacher(name), ...changes } },
    });

  const placeTable = (kind: 'classes' | 'modules', names: readonly string[], title: string) =>
    names.length === 0 ? null : (
      <details className="import-missing" open>
        <summary>{title}</summary>
        <LongTable
          className="data import-missing-table"
          count={names.length}
          estimatePx={ROW_ESTIMATE_PX}
          head={
            <tr>
              <th scope="col">
                {kind === 'classes' ? fr.planning.timetable.colClass : fr.planning.timetable.colModule}
              </th>
              <th scope="col">{v.level}</th>
              <th scope="col">{v.institute}</th>
            </tr>
          }
          row={(index, rowProps) => {
            const name = names[index];
            if (name === undefined) return null;
            const choice = place(kind, name);
            return (
              <tr key={name} {...rowProps}>
                <th scope="row">{name}</th>
                <td>
                  <select
                    aria-label={`${v.level} : ${name}`}
                    value={choice.levelId ?? ''}
                    onChange={(e) => setPlace(kind, name, { levelId: e.target.value || null })}
                  >
                    <option value="">{v.none}</option>
                    {props.levels.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <select
                    aria-label={`${v.institute} : ${name}`}
                    value={choice.instituteId ?? ''}
                    onChange={(e) => setPlace(kind, name, { instituteId: e.target.value || null })}
                  >
                    <option value="">{v.none}</option>
                    {props.institutes.map((i) => (
                      <option key={i.id} value={i.id}>
                        {i.name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          }}
        />
      </details>
    );

  return (
    <div className="import-missing-list">
      {placeTable('classes', missing.classes, v.missingClasses(missing.classes.length))}
      {placeTable('modules', missing.modules, v.missingModules(missing.modules.length))}
      {missing.teachers.length === 0 ? null : (
        <details className="import-missing" open>
          <summary>{v.missingTeachers(missing.teachers.length)}</summary>
          <LongTable
            className="data import-missing-table"
            count={missing.teachers.length}
            estimatePx={ROW_ESTIMATE_PX}
            head={
              <tr>
                <th scope="col">{fr.planning.timetable.colTeacher}</th>
                <th scope="col">{v.email}</th>
                <th scope="col">{v.profile}</th>
              </tr>
            }
            row={(index, rowProps) => {
              const name = missing.teachers[index];
              if (name === undefined) return null;
              const choice = teacher(name);
              const issue = teacherDraftIssue(choice.email, props.existingEmails);
              const errorId = `import-teacher-error-${referenceKey(name).replace(/\W+/g, '-')}`;
              return (
                <tr key={name} {...rowProps}>
                  <th scope="row">{name}</th>
                  <td>
                    <input
                      type="email"
                      aria-label={`${v.email} : ${name}`}
                      value={choice.email}
                      placeholder={v.emailPlaceholder(teacherEmailFromName(name, props.existingEmails))}
                      aria-invalid={issue !== null || undefined}
                      aria-describedby={issue ? errorId : undefined}
                      onChange={(e) => setTeacher(name, { email: e.target.value })}
                    />
                    {issue ? (
                      <p id={errorId} className="field-error">
                        {issue === 'email-invalid' ? v.emailInvalid : v.emailTaken}
                      </p>
                    ) : null}
                  </td>
                  <td>
                    <select
                      aria-label={`${v.profile} : ${name}`}
                      value={choice.profileId ?? ''}
                      onChange={(e) => setTeacher(name, { profileId: e.target.value || null })}
                    >
                      {props.profiles.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            }}
          />
        </details>
      )}
    </div>
  );
}
