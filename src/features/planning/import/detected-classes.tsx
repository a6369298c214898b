import type { DetectedClass } from '../../../domain/planning/import-renames';
import type { SchoolClass } from '../../../domain/store/schema';
import { referenceKey } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import './import.css';

interface Props {
  detected: readonly DetectedClass[];
  classes: readonly SchoolClass[];
  renames: Readonly<Record<string, string>>;
  onRename: (detectedName: string, next: string) => void;
}

/**
 * The classes read in the file, with the sheet and rows each came from: the user renames one, or maps it onto
 * an existing class, before anything is created (the title of a sheet is not a class).
 */
export function DetectedClasses({ detected, classes, renames, onRename }: Props) {
  const v = fr.planning.import.verify;
  if (detected.length === 0) return null;
  return (
    <details className="import-detected" open>
      <summary>{v.detectedTitle(detected.length)}</summary>
      <p className="hint">{v.detectedIntro}</p>
      <table className="data import-detected-table">
        <thead>
          <tr>
            <th scope="col">{v.colDetected}</th>
            <th scope="col">{v.colSource}</th>
            <th scope="col">{v.colRename}</th>
            <th scope="col">{v.colMapTo}</th>
          </tr>
        </thead>
        <tbody>
          {detected.map((entry) => {
            const current = renames[referenceKey(entry.name)] ?? entry.name;
            const mapped = classes.find((c) => referenceKey(c.code) === referenceKey(current));
            return (
              <tr key={entry.name}>
                <th scope="row">
                  {entry.name}
                  <span className="import-detected-count">{v.courses(entry.courseCount)}</span>
                </th>
                <td>
                  {entry.sources.map((s) => (
                    <span key={s.sheetName} className="import-detected-source">
                      {v.source(s.sheetName, s.firstRow, s.lastRow)}
                    </span>
                  ))}
                </td>
                <td>
                  <input
                    aria-label={v.renameLabel(entry.name)}
                    value={current}
                    onChange={(e) => onRename(entry.name, e.target.value)}
                  />
                </td>
                <td>
                  <select
                    aria-label={v.mapLabel(entry.name)}
                    value={mapped?.id ?? ''}
                    onChange={(e) => {
                      const target = classes.find((c) => c.id === e.target.value);
                      onRename(entry.name, target ? target.code : entry.name);
                    }}
                  >
                    <option value="">{v.noMapping}</option>
                    {classes.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.code}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
