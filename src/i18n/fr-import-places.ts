/**
 * Texts of the verification dialog's inline creation of a level and an institute (issue 30 item 6: no dead
 * end on a new installation) and of "Nouvel import"'s notice on a file dated outside the chosen period.
 */
export const frImportPlaces = {
  title: 'Niveau et institut à créer',
  intro: (what: string, both: boolean) =>
    `Aucun ${what} n'existe encore : les classes et modules du fichier en ont besoin. ${both ? 'Créez-les' : 'Créez-le'} ici, la lecture du fichier est conservée.`,
  levelAndInstitute: 'niveau ni institut',
  level: 'niveau',
  institute: 'institut',
  levelLegend: 'Nouveau niveau',
  instituteLegend: 'Nouvel institut',
  name: { levels: 'Nom du niveau', institutes: "Nom de l'institut" },
  abbr: { levels: 'Abréviation du niveau', institutes: "Abréviation de l'institut" },
  namePlaceholderLevel: 'ex. Licence 1',
  namePlaceholderInstitute: 'ex. Institut principal',
  create: (both: boolean) => (both ? 'Créer le niveau et l’institut' : 'Créer'),
  created: 'Niveau et institut enregistrés',
  createdOne: (what: string) => `${what.charAt(0).toUpperCase()}${what.slice(1)} enregistré`,
  failed: "L'enregistrement a échoué. Réessayez.",
  notPermitted: (what: string) =>
    `Votre profil ne permet pas de créer un ${what} : demandez-le à une personne ayant accès à Paramètres, puis revenez à cet import (la lecture du fichier est conservée tant que la fenêtre reste ouverte).`,
  fileWeeks: (count: number, first: string, last: string) =>
    count === 1
      ? `Ce fichier date ses cours de la semaine du ${first}, hors de la période choisie : choisissez-la ci-dessus (son année est proposée), ou analysez à nouveau pour garder le fichier tel quel.`
      : `Ce fichier date ses cours de ${count} semaines, du ${first} au ${last}, hors de la période choisie : choisissez l'une d'elles ci-dessus (leurs années sont proposées), ou analysez à nouveau pour garder le fichier tel quel.`,
};
