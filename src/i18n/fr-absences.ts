/** Issue 35, item 1: absences and substitutions (durations come formatted: '2h30'). */
export const frAbsences = {
  declare: {
    open: 'Déclarer une absence',
    title: 'Déclarer une absence',
    date: 'Jour',
    wholeDay: 'Toute la journée',
    start: 'De',
    end: 'À',
    reason: 'Motif',
    save: 'Déclarer',
    cancel: 'Annuler',
    close: 'Fermer',
    saved: 'Absence déclarée : l’administration est prévenue à la prochaine synchronisation.',
    affected: (count: number) =>
      count === 0 ? 'Aucun de vos cours n’est concerné.' : `${count} cours concerné${count > 1 ? 's' : ''} :`,
    errors: {
      'invalid-date': 'Choisissez un jour.',
      'invalid-range': 'L’heure de fin doit suivre l’heure de début.',
      'reason-required': 'Indiquez un motif.',
      'reason-too-long': 'Motif trop long (500 caractères au plus).',
    },
  },
  admin: {
    menuItem: 'Absences et remplacements',
    title: 'Absences et remplacements',
    none: 'Aucune absence à venir.',
    absence: (name: string, date: string, range: string, reason: string) =>
      `${name} — ${date}, ${range} — ${reason}`,
    wholeDay: 'toute la journée',
    range: (start: string, end: string) => `de ${start} à ${end}`,
    noCourse: 'Aucun cours concerné.',
    course: (time: string, module: string, className: string) => `${time} · ${module} · ${className}`,
    replacedBy: (name: string) => `Remplacé par ${name}`,
    canceled: 'Annulé (aucun remplaçant)',
    assign: (name: string) => `Affecter ${name}`,
    cancelCourse: 'Personne : annuler le cours',
    change: 'Changer de remplaçant',
    noProposal: 'Aucun enseignant libre à cette heure.',
    unavailable: (count: number) =>
      `${count} enseignant${count > 1 ? 's' : ''} indisponible${count > 1 ? 's' : ''}`,
  },
  reasons: {
    free: 'libre à cette heure',
    'teaches-module': 'enseigne déjà ce module',
    'teaches-level': 'enseigne déjà à ce niveau',
    'not-qualified': 'n’enseigne ni ce module ni à ce niveau',
    'cap-room': (duration: string) => `reste ${duration} au contrat`,
    'cap-none': 'ligne de contrat sans plafond',
    'cap-near': (duration: string) => `atteint 90 % du plafond (reste ${duration})`,
    'no-contract': 'aucune ligne de contrat pour ce module et cette classe',
    'cap-exceeded': (duration: string) => `dépasserait le plafond de ${duration}`,
    substitutions: (count: number) =>
      count === 0
        ? 'aucun remplacement ce mois-ci'
        : `${count} remplacement${count > 1 ? 's' : ''} ce mois-ci`,
  },
} as const;
