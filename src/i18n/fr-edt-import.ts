/**
 * Why an EDT/PRONOTE course export (Index Éducation) cannot be imported (issue 30 item 3): shown after
 * "Impossible de lire le fichier: " by the import dialog, never a JavaScript error.
 */
export const frEdtImportReasons: Record<string, string> = {
  'edt-empty':
    'export EDT sans cours placé (placez les cours dans EDT, puis exportez de nouveau la liste des cours)',
  'edt-truncated':
    "export EDT incomplet : le fichier s'arrête au milieu d'un cours (exportez de nouveau la liste des cours depuis EDT)",
};
