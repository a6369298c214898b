import { useState, type ReactNode } from 'react';
import type { DetectedClass, DetectedName } from '../../../domain/planning/import-renames';
import { fr } from '../../../i18n/fr';
import { LongTable } from './long-table';
import './import.css';

interface Props {
  title: string;
  intro: string;
  entries: readonly (DetectedName & { sources?: DetectedClass['sources'] })[];
  /** The name kept for an entry: the typed one, the chosen record's, or the file's. */
  currentName: (name: string) => string;
  renameLabel: (name: string) => string;
  onRename: (name: string, text: string) => void;
  /** The "Associer à" control of an entry (a select of classes or modules, a user field for teachers). */
  mapCell: (name: string) => ReactNode;
  /** Drawn once beside the table (the suggestions list of the user fields). */
  children?: ReactNode;
}

const ROW_ESTIMATE_PX = 52;
/** Longer lists start folded: what is missing comes first, and the dialog opens without drawing them. */
const OPEN_UP_TO = 12;

/**
 * The classes, modules or teachers read in the file (classes with the sheet and rows each came from): the user
 * renames one, or maps it onto an existing record, before anything is created (spec part 2 point 2).
 */
export function DetectedNames(props: Props) {
  const { entries } = props;
  const [isOpen, setIsOpen] = useState(entries.length <= OPEN_UP_TO);
  if (entries.length === 0) return null;
  const withSources = entries.some((entry) => entry.sources !== undefined);
  return (
    <details className="import-detected" open={isOpen} onToggle={(e) => setIsOpen(e.currentTarget.open)}>
      <summary>{props.title}</summary>
      {isOpen ? <DetectedTable {...props} withSources={withSources} /> : null}
    </details>
  );
}

function DetectedTable(props: Props & { withSources: boolean }) {
  const { entries, currentName, renameLabel, onRename, mapCell, withSources } = props;
  const v = fr.planning.import.verify;
  return (
    <>
      <p className="hint">{props.intro}</p>
      {props.children}
      <LongTable
        className="data import-detected-table"
        count={entries.length}
        estimatePx={ROW_ESTIMATE_PX}
        head={
          <tr>
            <th scope="col">{v.colDetected}</th>
            {withSources ? <th scope="col">{v.colSource}</th> : null}
            <th scope="col">{v.colRename}</th>
            <th scope="col">{v.colMapTo}</th>
          </tr>
        }
        row={(index, rowProps) => {
          const entry = entries[index];
          if (entry === undefined) return null;
          return (
            <tr key={entry.name} {...rowProps}>
              <th scope="row">
                {entry.name}
                <span className="import-detected-count">{v.courses(entry.courseCount)}</span>
              </th>
              {withSources ? (
                <td>
                  {(entry.sources ?? []).map((s) => (
                    <span key={s.sheetName} className="import-detected-source">
                      {v.source(s.sheetName, s.firstRow, s.lastRow)}
                    </span>
                  ))}
                </td>
              ) : null}
              <td>
                <input
                  aria-label={renameLabel(entry.name)}
                  value={currentName(entry.name)}
                  onChange={(e) => onRename(entry.name, e.target.value)}
                />
              </td>
              <td>{mapCell(entry.name)}</td>
            </tr>
          );
        }}
      />
    </>
  );
}

interface SelectProps {
  label: string;
  value: string;
  none: string;
  options: readonly { id: string; label: string }[];
  onChange: (id: string | null) => void;
}

/** "Associer à" for classes and modules: the existing records, or none (created under the kept name). */
export function NameMapSelect({ label, value, none, options, onChange }: SelectProps) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value || null)}>
      <option value="">{none}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

interface UserFieldProps {
  label: string;
  listId: string;
  value: string;
  isUnmatched: boolean;
  errorId: string;
  onChange: (text: string) => void;
}

/**
 * "Associer à" for teachers: a user is found by name or e-mail as the user types (an organisation may have
 * thousands of users: one suggestions list for the whole table, never a select per row).
 */
export function UserMapField({ label, listId, value, isUnmatched, errorId, onChange }: UserFieldProps) {
  const w = fr.importVerify;
  return (
    <>
      <input
        type="text"
        list={listId}
        aria-label={label}
        value={value}
        placeholder={w.teacherMapPlaceholder}
        aria-invalid={isUnmatched || undefined}
        aria-describedby={isUnmatched ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {isUnmatched ? (
        <p id={errorId} className="field-error">
          {w.teacherNoMatch}
        </p>
      ) : null}
    </>
  );
}
