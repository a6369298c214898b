import { downloadFile } from '../../services/export/download-file';

/** Hands a text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  downloadFile(fileName, new Blob([text], { type }));
}
