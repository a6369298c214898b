import { downloadFile } from '../export/download-file';
import type { StatementPdfInput } from './statement-pdf';

/** 'etat-heures-2026-11-fatou-ndiaye.pdf': ASCII, no space. */
export function statementFileName(teacherName: string, month: string): string {
  const slug = teacherName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `etat-heures-${month}${slug ? `-${slug}` : ''}.pdf`;
}

/**
 * Builds the statement's PDF and has the browser download it. jsPDF comes in its own chunk, loaded here on
 * first use only (never in the start-up bundle: scripts/check-budgets.mjs).
 */
export async function downloadStatementPdf(input: StatementPdfInput, fileName: string): Promise<void> {
  const { statementPdfBytes } = await import('./statement-pdf');
  const bytes = statementPdfBytes(input);
  downloadFile(fileName, new Blob([bytes], { type: 'application/pdf' }));
}
