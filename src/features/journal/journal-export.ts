import { journalItemCsvRows, type JournalItem } from '../../domain/journal/journal-items';
import { CSV_HEADER, displayValue, fieldLabel } from '../../domain/journal/journal-query';
import { fr } from '../../i18n/fr';
import { downloadFile } from '../../services/export/download-file';
import { journalCodeLabel, journalDetailText } from './journal-texts';

/** journal-{date}.csv (spec part 2 point 7): UTF-8 with BOM and semicolons, as French spreadsheets expect. */
export async function downloadJournalCsv(items: readonly JournalItem[], today: string): Promise<void> {
  const Papa = await import('papaparse');
  const csv = Papa.unparse(
    { fields: [...CSV_HEADER], data: journalItemCsvRows(items, journalCodeLabel, journalDetailText) },
    { delimiter: ';', newline: '\r\n' },
  );
  downloadFile(`journal-${today}.csv`, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** PDF export: a printable window, which the browser's print dialog saves as PDF. */
export function printJournal(items: readonly JournalItem[]): void {
  const rows = items
    .map((e) => {
      const changes = e.fields
        .map(
          (f) =>
            `${escapeHtml(fieldLabel(f))} : ${escapeHtml(displayValue(f.before))} → ${escapeHtml(displayValue(f.after))}`,
        )
        .join('<br>');
      const detail = escapeHtml(journalDetailText(e.detail));
      return `<tr><td>${escapeHtml(new Date(e.timestamp).toLocaleString('fr-FR', { timeZone: 'UTC' }))}</td><td>${escapeHtml(journalCodeLabel(e.code))}</td><td>${escapeHtml(e.target ?? '')}</td><td>${escapeHtml(e.actor ?? fr.journal.system)}</td><td>${detail}${changes ? `<br>${changes}` : ''}</td></tr>`;
    })
    .join('');
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(fr.journal.printTitle)}</title><style>body{font-family:system-ui,sans-serif;font-size:12px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px;text-align:left;vertical-align:top}</style></head><body><h1>${escapeHtml(fr.journal.printTitle)}</h1><table><thead><tr><th>${fr.journal.colDate}</th><th>${fr.journal.colAction}</th><th>${fr.journal.colTarget}</th><th>${fr.journal.colActor}</th><th>${fr.journal.colDetails}</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
  const win = window.open('', '_blank');
  if (!win) return;
  win.document.open();
  win.document.write(html);
  win.document.close();
  win.focus();
  win.print();
}
