/** Texts of issue 33 points 2, 3, 6, 7 and 10 (tablet, kiosk, planning views, status), kept apart. */
export const frFirstMonthUx = {
  sync: {
    /** Shown a few seconds once the changes made offline reached the server. */
    confirmed: (count: number) =>
      count === 1 ? 'Modification synchronisée' : `${count} modifications synchronisées`,
  },
  kiosk: {
    loadingNames: 'Chargement des noms…',
    cooldown: (remaining: string) => `Trop de tentatives. Réessayez dans ${remaining}.`,
    cooldownOver: 'Vous pouvez réessayer votre code PIN.',
  },
  manage: {
    pastCourse: "Ce cours est passé : l'arrivée ne s'enregistre que le jour du cours.",
    futureCourse: "L'arrivée s'enregistre le jour du cours, à partir de 30 minutes avant son début.",
  },
  pinSheet: {
    title: 'Fiche des codes PIN',
    open: 'Fiche des codes PIN',
    intro:
      "Choisissez les enseignants d'une classe ou d'une borne : un nouveau code PIN est créé pour chacun et affiché une seule fois sur une fiche à imprimer. L'ancien code de chacun cesse de fonctionner.",
    classFilter: 'Classe',
    allTeachers: 'Tous les enseignants (borne)',
    kioskTitle: 'Borne',
    selectAll: 'Tout sélectionner',
    teacherCount: (n: number) => `${n} enseignant(s) sélectionné(s)`,
    generate: 'Créer les codes PIN',
    generating: (done: number, total: number) => `Création des codes… ${done} / ${total}`,
    print: 'Imprimer',
    close: 'Fermer',
    sheetHeading: (title: string) => `Codes PIN · ${title}`,
    sheetFor: (name: string) => `Code PIN de ${name}`,
    validUntil: (date: string) => `Valable jusqu'au ${date}`,
    colTeacher: 'Enseignant',
    colPin: 'Code PIN',
    colExpires: "Valable jusqu'au",
    shownOnce:
      "Ces codes ne sont affichés qu'une fois et ne sont gardés nulle part en clair : imprimez la fiche maintenant, puis découpez-la pour remettre à chacun son code.",
    failed: (name: string) => `${name} : le code n'a pas pu être créé (connexion au serveur nécessaire).`,
    none: 'Aucun enseignant ne peut recevoir de code PIN dans cette sélection.',
    cut: 'Découper selon les pointillés',
  },
  planning: {
    classPicker: 'Classe affichée',
    allClasses: 'Toutes les classes',
  },
};
