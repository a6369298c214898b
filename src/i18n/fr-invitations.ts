/** Invitations of new accounts (issue 29: no shared initial password). */
export const frInvitations = {
  title: 'Invitation',
  create: "Créer l'invitation",
  confirm: (name: string) =>
    `Créer l'invitation de ${name} : un mot de passe à usage unique, valable 72 heures, montré une seule fois ? Le compte n'a pas d'autre mot de passe.`,
  intro: (name: string) =>
    `Invitation de ${name} : mot de passe à usage unique, valable 72 heures. Il ne sera plus affiché : remettez-le maintenant. Un nouveau mot de passe sera exigé à la première connexion.`,
  editorNote:
    "Le compte n'a pas de mot de passe : après l'enregistrement, créez son invitation (mot de passe à usage unique, valable 72 heures) et remettez-la à la personne.",
  pendingTitle: (n: number) => `${n} compte(s) en attente d'une invitation`,
  pendingHint:
    "Ces comptes n'ont pas encore choisi leur mot de passe et n'ont pas d'invitation valable (mot de passe initial d'une version précédente, invitation expirée ou jamais remise) : ils ne peuvent pas se connecter. Pour chacun, « Réinitialiser le mot de passe » crée une invitation de 72 heures.",
  importTitle: 'Invitations à remettre',
  importHint: (n: number) =>
    `${n} enseignant(s) créé(s) par cet import. Chaque mot de passe est à usage unique, valable 72 heures, et ne sera plus affiché : imprimez ou recopiez cette liste maintenant.`,
  importCreate: 'Créer les invitations',
  importCreating: (done: number, total: number) => `Invitations créées : ${done} sur ${total}…`,
  importFailed: (name: string) => `Invitation de ${name} non créée : réessayez depuis /users.`,
  print: 'Imprimer',
  expiresAt: (when: string) => `Valable jusqu'au ${when}`,
  columnName: 'Nom',
  columnEmail: 'Email',
  columnPassword: 'Mot de passe à usage unique',
} as const;
