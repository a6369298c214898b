/**
 * Texts of the contract files' storage limits (src/domain/contracts/storage-limits.ts) and of deleting
 * pieces and files: the server answers with the same French sentences as the screens.
 */
const megabytes = (bytes: number) =>
  `${(bytes / 1_000_000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;

export const frContractStorage = {
  megabytes,
  refusal: (code: 'files-per-teacher' | 'bytes-per-teacher' | 'org-quota', max: number): string => {
    switch (code) {
      case 'files-per-teacher':
        return `Trop de dossiers contractuels pour cet enseignant (${max} au plus). Supprimez un dossier non validé avant d’en créer un autre.`;
      case 'bytes-per-teacher':
        return `Les pièces jointes de cet enseignant dépassent ${megabytes(max)} au total. Retirez une pièce avant d’en ajouter une autre.`;
      case 'org-quota':
        return `L’espace de stockage des dossiers contractuels de l’établissement est plein (${megabytes(max)}). Un responsable de la conformité peut supprimer des dossiers ou des pièces ; l’administrateur du serveur peut augmenter le quota (ORG_STORAGE_QUOTA_BYTES).`;
    }
  },
  /** The teacher's device, before adding a piece. */
  teacherFull: (max: number) =>
    `Vos pièces jointes dépasseraient ${megabytes(max)} au total. Retirez une pièce avant d’en ajouter une autre.`,
  /** The teacher's "Retirer" of a piece. */
  removePieceTitle: 'Retirer la pièce',
  removePiece: (name: string) => `Retirer « ${name} » de votre dossier ? Le fichier sera supprimé.`,
  removePieceConfirm: 'Retirer',
  pieceRemoved: 'Pièce retirée',
  /** The reviewer's deletions (Fiche d’identification). */
  deleteFile: 'Supprimer',
  deleteFileLabel: (teacher: string) => `Supprimer le dossier de ${teacher}`,
  deleteFileTitle: 'Supprimer le dossier',
  deleteFileMessage: (teacher: string) =>
    `Supprimer le dossier contractuel de ${teacher} et toutes ses pièces jointes ? Cette action est irréversible.`,
  fileDeleted: 'Dossier supprimé',
  deletePiece: 'Supprimer la pièce',
  deletePieceLabel: (name: string) => `Supprimer la pièce ${name}`,
  deletePieceMessage: (name: string, teacher: string) =>
    `Supprimer la pièce « ${name} » du dossier de ${teacher} ? Cette action est irréversible.`,
  validatedKept: 'Dossier validé : ses pièces ne peuvent pas être supprimées.',
  notFound: 'Ce dossier n’existe plus.',
  readOnly: 'Dossier validé : il ne peut pas être supprimé.',
};
