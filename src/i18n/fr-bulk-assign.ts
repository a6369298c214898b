/** Staffing courses "à affecter" in bulk from Consulter (issue 30 item 5, features/planning/consult). */
const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);
const courses = (n: number) => `${n} ${plural(n, 'cours', 'cours')}`;

export const frBulkAssign = {
  /** The button of Consulter: how many courses have no teacher in the whole organisation. */
  open: (n: number) => `À affecter (${n})`,
  openHint: 'Cours sans enseignant : choisir un enseignant par module et classe',
  title: 'Cours à affecter',
  intro: (n: number) =>
    `${courses(n)} sans enseignant : aucun pointage possible tant qu’un enseignant n’est pas choisi. L’enseignant choisi pour un module et une classe reçoit tous leurs cours sans enseignant ; les cours qui en ont un ne changent pas.`,
  scopeAll: 'Toutes les semaines',
  scopePeriod: (label: string) => `Seulement la période affichée (${label})`,
  scopeLabel: 'Cours concernés',
  listLabel: 'Modules et classes sans enseignant',
  none: 'Aucun cours à affecter.',
  noneInPeriod: 'Aucun cours à affecter dans la période affichée.',
  group: (module: string, className: string) => `${module} · ${className}`,
  count: (n: number) => courses(n),
  weeks: (n: number, first: string, last: string) =>
    n <= 1 ? `semaine du ${first}` : `${n} semaines, du ${first} au ${last}`,
  teacher: 'Enseignant',
  teacherLabel: (module: string, className: string) => `Enseignant de ${module}, ${className}`,
  choose: 'Choisir…',
  noTeachers:
    'Aucun enseignant actif : créez-en un dans Utilisateurs (profil Enseignant) pour lui affecter ces cours.',
  assign: 'Affecter',
  assignLabel: (module: string, className: string) => `Affecter ${module}, ${className}`,
  confirmTitle: 'Affecter ces cours ?',
  confirm: (n: number, teacher: string, module: string, className: string) =>
    `${courses(n)} (${module}, ${className}) ${plural(n, 'sera affecté', 'seront affectés')} à ${teacher}.`,
  begun: (n: number) =>
    ` Dont ${courses(n)} déjà ${plural(n, 'commencé', 'commencés')} : ${plural(n, 'il apparaîtra', 'ils apparaîtront')} « Non émargé » tant qu’aucun pointage n’est enregistré.`,
  skippedClosed: (n: number) =>
    ` ${courses(n)} d’un mois clôturé ${plural(n, 'reste', 'restent')} « À affecter ».`,
  skippedOwn: (n: number) =>
    ` ${courses(n)} déjà ${plural(n, 'commencé', 'commencés')} : une autre personne doit vous ${plural(n, 'l’affecter', 'les affecter')}.`,
  confirmButton: 'Affecter',
  cancel: 'Annuler',
  close: 'Fermer',
  done: (n: number, teacher: string) =>
    `${courses(n)} ${plural(n, 'affecté', 'affectés')} à ${teacher}. La synchronisation les envoie au serveur.`,
  refused: {
    'not-permitted': 'Vous n’avez pas le droit d’affecter des cours (actions de planification ou import).',
    'teacher-not-found': 'Cet enseignant n’existe plus.',
    'teacher-inactive': 'Cet enseignant n’est plus actif.',
    'not-a-teacher': 'Cette personne n’a pas un profil d’enseignant.',
    'nothing-to-assign':
      'Plus aucun cours à affecter pour ce module et cette classe (mois clôturé ou déjà affectés).',
  },
  failed: 'L’affectation a échoué. Réessayez.',
} as const;
