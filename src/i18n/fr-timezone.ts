/** The organisation's time zone in Paramètres › Données (issue 35: the hours of the calendar feeds). */
export const frTimeZone = {
  title: 'Fuseau horaire de l’organisation',
  hint: 'Les heures des cours dans les calendriers (Google Agenda, Calendrier d’Apple, Outlook) sont données dans ce fuseau. Par défaut : Afrique / Dakar.',
  search: 'Rechercher un fuseau',
  searchPlaceholder: 'Ex. : Paris, Afrique, UTC+01',
  label: 'Fuseau horaire',
  current: (label: string) => `Fuseau enregistré : ${label}`,
  count: (shown: number, total: number) =>
    shown === total ? `${total} fuseaux` : `${shown} fuseau${shown > 1 ? 'x' : ''} sur ${total}`,
  repair: 'Le fuseau enregistré n’est pas un fuseau connu : choisissez-en un et enregistrez-le.',
  noMatch: 'Aucun fuseau ne correspond à la recherche.',
  /** Its own name: the Données page has other "Enregistrer" buttons (PIN validity). */
  save: 'Enregistrer le fuseau',
  saved: 'Fuseau horaire enregistré.',
  invalid: 'Fuseau horaire inconnu.',
} as const;
