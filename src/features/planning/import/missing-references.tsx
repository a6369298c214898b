import { referenceKey } from '../../../domain/timetable-parsing';
import { teacherDraftIssue } from '../../../domain/planning/import-references';
import type { Institute, Level, Profile } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { frEmailToComplete, frImportLevels } from '../../../i18n/fr-import-levels';
import { LongTable } from './long-table';
import { PlaceTable } from './place-table';

const ROW_ESTIMATE_PX = 52;

export interface PlaceChoice {
  levelId: string | null;
  instituteId: string | null;
}

/** The starting choice of a row: `suggested` when read from the names (issue 33 point 5). */
export interface SuggestedPlace extends PlaceChoice {
  suggested: boolean;
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
  suggestedPlace: (kind: 'classes' | 'modules', name: string) => SuggestedPlace;
  onChange: (next: MissingChoices) => void;
}

/** The small forms of the missing classes, modules and teachers (spec part 2 point 2). */
export function MissingReferences(props: Props) {
  const { missing, choices, defaults, onChange } = props;
  const v = fr.planning.import.verify;
  const teacher = (name: string) => choices.teachers[referenceKey(name)] ?? defaults.teacher;
  const placeProps = {
    levels: props.levels,
    institutes: props.institutes,
    suggestedPlace: props.suggestedPlace,
  };
  const setTeacher = (name: string, changes: Partial<TeacherChoice>) =>
    onChange({
      ...choices,
      teachers: { ...choices.teachers, [referenceKey(name)]: { ...teacher(name), ...changes } },
    });

  return (
    <div className="import-missing-list">
      <PlaceTable
        {...placeProps}
        kind="classes"
        names={missing.classes}
        title={v.missingClasses(missing.classes.length)}
        chosen={choices.classes}
        onChange={(classes) => onChange({ ...choices, classes })}
      />
      <PlaceTable
        {...placeProps}
        kind="modules"
        names={missing.modules}
        title={v.missingModules(missing.modules.length)}
        chosen={choices.modules}
        onChange={(modules) => onChange({ ...choices, modules })}
      />
      {missing.teachers.length === 0 ? null : (
        <details className="import-missing" open>
          <summary>{v.missingTeachers(missing.teachers.length)}</summary>
          <p className="hint">{frImportLevels.emailNote}</p>
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
                      placeholder={frEmailToComplete.badge}
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
