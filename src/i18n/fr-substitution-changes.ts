/** Texts of issue 35's leftovers: a substitution removed (« Retirer le remplacement ») and told to both teachers. */
const day = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export const frSubstitutionChanges = {
  bell: {
    restored: (date: string, start: string) =>
      `Votre cours du ${day(date)} à ${start} n’est plus remplacé : vous le donnez`,
  },
  admin: {
    remove: 'Retirer le remplacement',
  },
  /** The planning log of a removal (« planning-restore »): Historique du créneau and the journal. */
  log: {
    action: 'Remplacement retiré',
    journal: 'Remplacement retiré',
    note: (date: string, former: string | null) =>
      former
        ? `Cours du ${day(date)} rendu à son enseignant : ${former} ne le remplace plus`
        : `Cours du ${day(date)} rendu à son enseignant : il n’est plus annulé`,
  },
};
