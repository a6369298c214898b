import { referenceKey } from '../../../domain/timetable-parsing';
import type { Institute, Level } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { frImportLevels } from '../../../i18n/fr-import-levels';
import { ApplyToAll, KEEP, SEVERAL } from './apply-to-all';
import { LongTable } from './long-table';
import type { PlaceChoice, SuggestedPlace } from './missing-references';

const ROW_ESTIMATE_PX = 52;

interface Props {
  kind: 'classes' | 'modules';
  names: readonly string[];
  title: string;
  levels: readonly Level[];
  institutes: readonly Institute[];
  chosen: Readonly<Record<string, PlaceChoice>>;
  suggestedPlace: (kind: 'classes' | 'modules', name: string) => SuggestedPlace;
  onChange: (next: Record<string, PlaceChoice>) => void;
}

/**
 * The classes (or modules) to create with their level and institute (spec part 2 point 2). Issue 33 point 5:
 * each row starts on its suggested level, marked "Suggéré" until changed by hand; a module may be of several
 * levels (no level); "Appliquer à tous" sets every row at once.
 */
export function PlaceTable(props: Props) {
  const { kind, names, title, chosen, suggestedPlace, onChange } = props;
  const v = fr.planning.import.verify;
  const t = frImportLevels;
  if (names.length === 0) return null;
  const place = (name: string) => chosen[referenceKey(name)] ?? suggestedPlace(kind, name);
  const set = (name: string, changes: Partial<PlaceChoice>) =>
    onChange({ ...chosen, [referenceKey(name)]: { ...place(name), ...changes } });
  const applyAll = (levelChoice: string, instituteChoice: string) => {
    const next: Record<string, PlaceChoice> = { ...chosen };
    for (const name of names) {
      const current = place(name);
      next[referenceKey(name)] = {
        levelId: levelChoice === KEEP ? current.levelId : levelChoice === SEVERAL ? null : levelChoice,
        instituteId: instituteChoice === KEEP ? current.instituteId : instituteChoice,
      };
    }
    onChange(next);
  };
  return (
    <details className="import-missing" open>
      <summary>{title}</summary>
      {kind === 'modules' ? <p className="hint">{t.modulesNote}</p> : null}
      {names.length > 1 ? (
        <ApplyToAll kind={kind} levels={props.levels} institutes={props.institutes} onApply={applyAll} />
      ) : null}
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
          const choice = place(name);
          const suggestion = suggestedPlace(kind, name);
          // Still marked after "Appliquer à tous" when the row kept its suggested level.
          const isSuggested = suggestion.suggested && choice.levelId === suggestion.levelId;
          return (
            <tr key={name} {...rowProps}>
              <th scope="row">{name}</th>
              <td>
                <select
                  aria-label={`${v.level} : ${name}`}
                  value={choice.levelId ?? ''}
                  onChange={(e) => set(name, { levelId: e.target.value || null })}
                >
                  <option value="">{kind === 'modules' ? t.severalLevels : v.none}</option>
                  {props.levels.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
                {isSuggested ? (
                  <span className="import-suggested" title={t.suggestedFrom(name)}>
                    {t.suggested}
                  </span>
                ) : null}
              </td>
              <td>
                <select
                  aria-label={`${v.institute} : ${name}`}
                  value={choice.instituteId ?? ''}
                  onChange={(e) => set(name, { instituteId: e.target.value || null })}
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
}
