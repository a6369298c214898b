/** Issue 35, item 1: a course given by a substitute, as the teachers see it. */
export const frSubstitute = {
  substitute: 'Remplacement',
  replaced: 'Remplacé',
  substituteFor: (name: string) => `Remplacement de ${name}`,
  replacedBy: (name: string) => `Remplacé par ${name}`,
  /** Module du jour: the absent teacher's course has no Arrivée of hers. */
  replacedHint: (name: string) => `${name} émarge ce cours à votre place.`,
  /** Planning views: the title of a course given as a substitute. */
  substituteTitle: (module: string) => `Remplacement · ${module}`,
};
