/** Texts of issue 35's notifications (substitute assigned, course cancelled), kept apart from fr.ts. */
const day = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export const frAbsencesNotify = {
  bell: {
    heading: 'Remplacements',
    assigned: (absent: string, date: string, start: string) =>
      `Vous remplacez ${absent} le ${day(date)} à ${start}`,
    replaced: (substitute: string, date: string, start: string) =>
      `Votre cours du ${day(date)} à ${start} est assuré par ${substitute}`,
    canceled: (date: string, start: string) =>
      `Votre cours du ${day(date)} à ${start} est annulé : aucun remplaçant`,
    withdrawn: (absent: string, date: string, start: string) =>
      `Vous ne remplacez plus ${absent} le ${day(date)} à ${start}`,
    someone: 'un collègue',
  },
  /** The note of the planning log that cancels one occurrence (Historique, journal). */
  cancelNote: (date: string) => `Absence sans remplaçant : cours du ${day(date)} annulé`,
};
