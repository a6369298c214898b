import { useState } from 'react';
import { Button } from 'react-aria-components';
import { cellReference, columnLetter } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import './guided-mapping.css';

export { columnLetter };

/** Rows shown first; "Afficher toutes les lignes" shows the rest (up to ALL_ROWS), the table scrolls. */
export const PREVIEW_ROWS = 60;
export const PREVIEW_COLUMNS = 12;
const ALL_ROWS = 1_000;
/** Every column a sheet of a school uses (the table scrolls sideways). */
const MAX_PREVIEW_COLUMNS = 80;

/** What a cell of the preview is for the mapping being built (highlighted, and named in its title). */
export type PreviewRole = 'days' | 'times' | 'first' | 'area' | 'class' | 'titles' | 'mapped';

interface Props {
  rows: readonly (readonly string[])[];
  roleOf: (row: number, column: number) => PreviewRole | null;
  /** Pointing at a cell (pointer shortcut: every choice also has its own field for the keyboard). */
  onPick?: (row: number, column: number) => void;
}

/** The rows and columns of a sheet, scrolling, what the mapping points at highlighted. */
export function SheetGridPreview({ rows, roleOf, onPick }: Props) {
  const t = fr.planning.import.manual;
  const [showAll, setShowAll] = useState(false);
  const shown = rows.slice(0, showAll ? ALL_ROWS : PREVIEW_ROWS);
  const width = Math.min(MAX_PREVIEW_COLUMNS, Math.max(PREVIEW_COLUMNS, ...shown.map((row) => row.length)));
  const columns = Array.from({ length: width }, (_, i) => i);
  const total = Math.min(rows.length, ALL_ROWS);
  return (
    <>
      <div className="table-scroll import-grid-scroll">
        <table className="import-grid">
          <caption className="visually-hidden">{t.previewCaption(shown.length, width)}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {columns.map((c) => (
                <th key={c} scope="col">
                  {columnLetter(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, r) => (
              <tr key={r}>
                <th scope="row">{r + 1}</th>
                {columns.map((c) => {
                  const text = row[c] ?? '';
                  const role = roleOf(r, c) ?? undefined;
                  const reference = cellReference({ row: r, column: c });
                  return (
                    <td key={c} data-role={role} title={text === '' ? reference : `${reference} : ${text}`}>
                      {onPick ? (
                        // Out of the tab order: the fields of the dialog are the keyboard path.
                        <button
                          type="button"
                          tabIndex={-1}
                          className="import-grid-cell"
                          aria-label={text === '' ? fr.importMapping.emptyCell(reference) : undefined}
                          onClick={() => onPick(r, c)}
                        >
                          {text}
                        </button>
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length < total ? (
        <p className="hint guided-mapping-more">
          {fr.importMapping.previewMore(shown.length, total)}{' '}
          <Button className="button secondary small" onPress={() => setShowAll(true)}>
            {fr.importMapping.previewAll}
          </Button>
        </p>
      ) : null}
    </>
  );
}
