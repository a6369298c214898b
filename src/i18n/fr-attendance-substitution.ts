/** Issue 35, item 1: substitutions on "Suivi des émargements" (/attendance). */
export const frAttendanceSubstitution = {
  /** Under the substitute's name: whom she replaces. */
  substituteFor: (name: string) => `Remplacement de ${name}`,
  /** The absent teacher looking at her own course. */
  replacedBy: (name: string) => `Remplacé par ${name}`,
  /** Status of a course cancelled for want of a substitute. */
  canceled: 'Annulé',
  noSubstitute: 'Aucun remplaçant',
} as const;
