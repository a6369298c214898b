import type { Grid } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';

export const PREVIEW_ROWS = 30;
export const PREVIEW_COLUMNS = 12;

/** Spreadsheet column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

interface Props {
  grid: Grid;
  headerRow: number | null;
  timeColumn: number | null;
}

/** The first rows and columns of a sheet, header row and time column highlighted (manual layout). */
export function SheetGridPreview({ grid, headerRow, timeColumn }: Props) {
  const t = fr.planning.import.manual;
  const rows = grid.slice(0, PREVIEW_ROWS);
  const columns = Array.from({ length: PREVIEW_COLUMNS }, (_, i) => i);
  return (
    <div className="table-scroll import-grid-scroll">
      <table className="import-grid">
        <caption className="visually-hidden">{t.previewCaption(PREVIEW_ROWS, PREVIEW_COLUMNS)}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {columns.map((c) => (
              <th key={c} scope="col" data-selected={c === timeColumn || undefined}>
                {columnLetter(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} data-selected={r === headerRow || undefined}>
              <th scope="row">{r + 1}</th>
              {columns.map((c) => (
                <td key={c} data-selected={c === timeColumn || undefined} title={row?.[c] ?? undefined}>
                  {row?.[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
