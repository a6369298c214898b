/**
 * Texts of the user-management rights (who may grant, edit, reset, deactivate whom), the credential routes,
 * the write limits and the server backup. The server answers with the same French sentences.
 */
export const frSecurityUsers = {
  refusals: {
    'no-users-module': 'Votre profil ne permet pas de gérer les utilisateurs.',
    'beyond-rights':
      'Ce compte a un profil aux droits plus étendus que les vôtres : vous ne pouvez pas le modifier.',
    'profile-beyond-rights':
      'Vous ne pouvez attribuer que des profils dont vous détenez vous-même tous les modules.',
    self: 'Vous ne pouvez pas faire cette action sur votre propre compte.',
    'last-admin': 'Impossible : ce compte est le dernier administrateur actif de l’établissement.',
    'not-applicable': 'Cette action ne s’applique pas à ce compte.',
    'duplicate-email': 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  },
  /** User form and profiles: a deleted profile, a profile without the Email field, a failed save. */
  userForm: {
    profileMissing: 'Choisissez un profil : celui de ce compte a été supprimé.',
    profileDeletedOption: 'Profil supprimé : choisissez un profil',
    profileDeletedCell: 'Profil supprimé',
    noEmailField:
      'Ce profil n’a pas de champ Email : ce compte n’aura pas d’adresse et ne pourra pas se connecter avec un mot de passe. Ajoutez le champ dans Profils › Données du formulaire.',
    saveFailed:
      'L’utilisateur n’a pas été enregistré : l’appareil n’a pas pu écrire la modification. Réessayez.',
  },
  profileForm: {
    noEmailField:
      'Sans le champ Email, les utilisateurs de ce profil n’ont pas d’adresse et ne peuvent pas se connecter avec un mot de passe (la connexion se fait par e-mail).',
    noEmailBadge: 'Sans champ Email : connexion impossible',
    contractImplied:
      'Inclus avec l’Espace pédagogique : un enseignant est dirigé vers Mon contrat tant que son dossier n’est pas validé.',
  },
  /** A PIN sign-in for an account the kiosk's roster leaves out (the server refuses it too). */
  kioskRosterRefused:
    'Cette borne n’accepte que les enseignants : connectez-vous avec votre e-mail et votre mot de passe.',
  /** Row of a user one may not manage: a short text in place of the actions. */
  noActions: 'Aucune action',
  ownAccount: 'Votre compte',
  bulkConfirmTitle: {
    activate: 'Activer les utilisateurs',
    deactivate: 'Désactiver les utilisateurs',
    archive: 'Archiver les utilisateurs',
  },
  bulkConfirm: {
    activate: (n: number) => `Activer ${n} utilisateur(s) ?`,
    deactivate: (n: number) => `Désactiver ${n} utilisateur(s) ? Ils ne pourront plus se connecter.`,
    archive: (n: number) => `Archiver ${n} utilisateur(s) ? Ils ne pourront plus se connecter.`,
  },
  bulkSkipped: (n: number) =>
    n === 1
      ? '1 compte sélectionné n’est pas concerné (le vôtre, archivé, déjà dans ce statut ou hors de vos droits).'
      : `${n} comptes sélectionnés ne sont pas concernés (le vôtre, archivés, déjà dans ce statut ou hors de vos droits).`,
  bulkNone: 'Aucun des comptes sélectionnés n’est concerné par cette action.',
  bulkConfirmLabel: { activate: 'Activer', deactivate: 'Désactiver', archive: 'Archiver' },
  resetLink: 'Lien',
  resetLinkOf: (name: string) => `Lien de réinitialisation pour ${name}`,
  resetLinkTitle: 'Lien de réinitialisation',
  resetLinkConfirm: (name: string) =>
    `Créer un lien de réinitialisation du mot de passe pour ${name} ? Il est valable 1 heure ; le mot de passe actuel reste valable jusqu’à son utilisation.`,
  resetLinkIntro: (name: string) =>
    `Lien de réinitialisation pour ${name}, valable 1 heure. Il ne sera plus affiché : transmettez-le maintenant à cette personne seulement.`,
  resetLinkCopied: 'Lien copié',
  createLink: 'Créer le lien',
  networkNeeded:
    'Cette action nécessite une connexion au serveur. Reconnectez-vous au réseau puis réessayez.',
  credentialFailed: 'Le serveur a refusé cette action.',
  sessionNeeded: 'Votre session a expiré : reconnectez-vous puis réessayez.',
  /** Server answers of the write limits (413, 429). */
  tooLarge: (field: string) =>
    `Modification refusée : une valeur est trop longue (${field}). Raccourcissez-la puis réessayez.`,
  tooMuch:
    'Trop de modifications envoyées en peu de temps. Les suivantes partiront automatiquement dans une minute.',
  /** 400 of a request holding U+0000 (server/json-depth.ts). */
  nulCharacter:
    'Requête refusée : elle contient un caractère nul (U+0000), que le serveur n’accepte pas. Retirez-le puis réessayez.',
  attachment: {
    'unsupported-type':
      'Ce fichier n’est ni une image ni un PDF (son contenu a été vérifié, pas seulement son nom).',
    'too-large': 'Ce fichier dépasse 3 000 000 octets.',
    empty: 'Ce fichier est vide.',
  },
  backup: {
    serverExport: 'Exporter (sauvegarde du serveur)',
    serverExportHint:
      'La sauvegarde contient les mots de passe et codes PIN chiffrés de tous les comptes : une restauration les conserve. Gardez ce fichier en lieu sûr.',
    offline:
      'L’export complet nécessite le réseau : sans lui, seules les données de cet appareil sont exportées, sans les mots de passe des autres comptes (ils devront être réinitialisés après une restauration).',
    done: 'Sauvegarde téléchargée',
    failed: 'La sauvegarde du serveur a échoué.',
  },
} as const;
