/** Import references (issue 33 point 5): suggested levels, "Appliquer à tous", modules of several levels. */
export const frImportLevels = {
  allLevels: 'Tous niveaux',
  severalLevels: 'Plusieurs niveaux (tous)',
  suggested: 'Suggéré',
  suggestedFrom: (name: string) => `Niveau suggéré d’après le nom « ${name} »`,
  applyTitle: (kind: 'classes' | 'modules') =>
    kind === 'classes' ? 'Pour toutes les classes' : 'Pour tous les modules',
  applyLevel: (kind: 'classes' | 'modules') =>
    kind === 'classes' ? 'Niveau de toutes les classes' : 'Niveau de tous les modules',
  applyInstitute: (kind: 'classes' | 'modules') =>
    kind === 'classes' ? 'Institut de toutes les classes' : 'Institut de tous les modules',
  keep: '(garder chaque choix)',
  keepSuggested: '(garder les niveaux suggérés)',
  apply: 'Appliquer à tous',
  applied: (count: number) => `Choix appliqué à ${count} ligne(s).`,
  modulesNote:
    'Un module enseigné à plusieurs niveaux (Anglais en L1, L2 et BTS) est créé une seule fois, « Plusieurs niveaux » : ses cours gardent la classe de chaque niveau.',
  emailToComplete: 'e-mail à compléter',
  emailNote:
    'Sans adresse, le compte est créé « e-mail à compléter » : l’identifiant de connexion est provisoire et « Mot de passe oublié » ne peut pas l’atteindre. Complétez l’adresse dès que possible dans Utilisateurs.',
} as const;

/** Accounts whose e-mail is still the import's provisional identifier (issue 33 point 5). */
export const frEmailToComplete = {
  usersTitle: (count: number) =>
    count === 1 ? '1 compte avec un e-mail à compléter' : `${count} comptes avec un e-mail à compléter`,
  usersHint:
    'Créés par un import sans adresse : ils se connectent avec l’identifiant provisoire ci-dessous, mais « Mot de passe oublié » ne peut pas leur écrire. Modifiez chaque utilisateur pour saisir sa vraie adresse.',
  badge: 'e-mail à compléter',
  teacherBanner:
    'Votre adresse e-mail est à compléter : « Mot de passe oublié » ne peut pas vous écrire. Donnez votre adresse à l’administration, qui la saisira dans votre compte.',
  contractHint: 'E-mail à compléter : demandez à l’administration de saisir votre vraie adresse.',
} as const;
