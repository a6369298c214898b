/**
 * Texts of the verification dialog's name fixing for modules and teachers, and of the preview's room and week
 * columns (spec part 2 point 2: the dialog lists what is missing, each with a small form).
 */
export const frImportVerify = {
  detectedTitle: {
    modules: (n: number) => `Modules lus dans le fichier (${n})`,
    teachers: (n: number) => `Enseignants lus dans le fichier (${n})`,
  },
  detectedIntro: {
    modules: 'Renommez un module lu, ou associez-le à un module existant.',
    teachers:
      'Renommez un enseignant lu, ou associez-le à un utilisateur existant en saisissant son nom ou son email.',
  },
  renameLabel: {
    modules: (name: string) => `Nom retenu pour le module ${name}`,
    teachers: (name: string) => `Nom retenu pour l'enseignant ${name}`,
  },
  mapLabel: {
    modules: (name: string) => `Associer le module ${name} à un module existant`,
    teachers: (name: string) => `Associer l'enseignant ${name} à un utilisateur existant`,
  },
  noModuleMapping: 'Nouveau module',
  teacherMapPlaceholder: 'Nom ou email',
  teacherNoMatch: 'Aucun utilisateur ne correspond : saisissez un email, ou choisissez dans la liste.',
  unmatchedTeachers: (n: number) =>
    `${n} enseignant(s) associé(s) à un utilisateur introuvable : corrigez ou videz le champ avant de continuer.`,
  teacherFormIncomplete:
    'Choisissez un profil et un email valide (ou laissez-le vide) pour chaque enseignant à créer.',
  colRoom: 'Salle',
  colWeek: 'Semaine',
  weekOf: (date: string) => `Semaine du ${date}`,
  monthOf: (month: number, year: number) => `Mois ${String(month).padStart(2, '0')}/${year}`,
  updating: "Mise à jour de l'aperçu…",
  matching: 'Recherche des références…',
};
