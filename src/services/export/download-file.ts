/**
 * Hands a file to the browser as a download: an object URL on a temporary link, revoked ten seconds later
 * (some browsers start reading the URL only after click() has returned). The one way the application saves a
 * file (payroll sheets, statement PDFs, the journal's CSV, the data export).
 */
export function downloadFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
