import { createPortal } from 'react-dom';
import { frFirstMonthUx } from '../../i18n/fr-first-month-ux';

export interface PinSheetEntry {
  userId: string;
  name: string;
  pin: string;
}

const t = frFirstMonthUx.pinSheet;

/** One card per teacher, to cut out along the dashed border: name, PIN in large digits, validity. */
export function PinSheetCards({
  title,
  entries,
  validUntil,
}: {
  title: string;
  entries: readonly PinSheetEntry[];
  validUntil: string;
}) {
  return (
    <ul className="pin-sheet-cards" aria-label={t.sheetHeading(title)}>
      {entries.map((e) => (
        <li key={e.userId} className="pin-sheet-card">
          <span className="pin-sheet-name">{e.name}</span>
          <span className="pin-sheet-pin" aria-label={t.sheetFor(e.name)}>
            {e.pin}
          </span>
          <span className="pin-sheet-meta">
            {title} · {t.validUntil(validUntil)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The page the printer gets: the cards outside the dialog, at the root of the page, so a long sheet runs over
 * several pages (pin-sheet.css hides everything else when printing, and this copy on screen).
 */
export function PinSheetPrint({
  title,
  entries,
  validUntil,
}: {
  title: string;
  entries: readonly PinSheetEntry[];
  validUntil: string;
}) {
  return createPortal(
    <div className="pin-sheet-print" aria-hidden="true">
      <h1>{t.sheetHeading(title)}</h1>
      <p>{t.cut}</p>
      <PinSheetCards title={title} entries={entries} validUntil={validUntil} />
    </div>,
    document.body,
  );
}
