/** Texts of the small first-week fixes: timetables on phones, overflow counts, journal, reset password. */
export const frDetails = {
  timetable: {
    /** spec part 2 point 2: '+N autres' under a month cell, singular for one. */
    more: (n: number) => (n === 1 ? '+1 autre' : `+${n} autres`),
    moreOf: (n: number, day: string) =>
      n === 1 ? `1 autre cours le ${day} : voir la journée` : `${n} autres cours le ${day} : voir la journée`,
    /** Beyond two side-by-side columns of the week grid, the others behind a count. */
    overflow: (n: number) => `+${n}`,
    overflowOf: (n: number) =>
      n === 1 ? '1 autre cours au même moment' : `${n} autres cours au même moment`,
    previousDay: 'Jour précédent',
    nextDay: 'Jour suivant',
    monthEmpty: 'Aucun créneau ce mois-ci',
    close: 'Fermer',
  },
  names: {
    /** spec part 2 point 9: deletion lists show up to 5 names then '+ N autres'. */
    more: (n: number) => (n === 1 ? '+ 1 autre' : `+ ${n} autres`),
  },
  journal: {
    noMatch: 'Aucune action ne correspond à votre recherche.',
  },
  password: {
    saving: 'Enregistrement…',
  },
} as const;
