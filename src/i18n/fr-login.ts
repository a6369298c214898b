/**
 * Texts of the start and of the login screen, apart from the rest of the catalogue: a new device's login
 * screen downloads only these (fr.ts spreads them as fr.app and fr.login for every other screen).
 */
export const frApp = {
  name: 'Émargement et plannings',
  loading: 'Chargement…',
  unexpectedError: "Une erreur inattendue s'est produite.",
  forbidden: 'Accès non autorisé',
  notLoggedIn: 'Non connecté',
} as const;

export const frLogin = {
  title: 'Connexion',
  subtitle: 'Accédez à votre espace',
  email: 'Email',
  password: 'Mot de passe',
  rememberMe: 'Se souvenir de moi',
  forgotPassword: 'Mot de passe oublié ?',
  submit: 'Se connecter',
  pinMode: 'Accès rapide par PIN',
  passwordMode: 'Connexion par mot de passe',
  pinLabel: 'Code PIN',
  pinSubmit: 'Valider',
  unknownUser: 'Utilisateur introuvable. Vérifiez votre email.',
  inactive: 'Compte inactif. Contactez un administrateur.',
  emptyPassword: 'Veuillez saisir votre mot de passe.',
  wrongPassword: 'Mot de passe incorrect.',
  invitationExpired:
    "Ce mot de passe à usage unique n'est plus valable. Demandez une nouvelle invitation à un administrateur.",
  pinRequired: 'Saisissez votre code PIN.',
  pinCooldown: 'Trop de tentatives. Réessayez dans 5 minutes.',
  pinWrong: (remaining: number) => `PIN incorrect. ${remaining} tentative(s) restante(s).`,
  emergencyRefused: 'Un administrateur actif existe déjà. Utilisez ses identifiants ou la réinitialisation.',
  pinExpired: 'Code PIN expiré. Demandez un nouveau code à un administrateur.',
  pinMissing: "Aucun code PIN n'est défini pour ce compte. Demandez-en un à un administrateur.",
  pinNotAllowed: "Ce compte n'a pas accès au mode PIN.",
  pinChooseUser: 'Qui êtes-vous ?',
  pinChooseUserHint: 'Touchez votre nom, puis saisissez votre code PIN.',
  pinNoUsers: "Aucun enseignant n'a accès au mode PIN.",
  pinSearch: 'Rechercher un nom',
  pinFor: (name: string) => `Code PIN de ${name}`,
  pinErase: 'Effacer',
  pinBack: 'Changer de personne',
  pinDigit: (d: string) => `Chiffre ${d}`,
  modeTabs: 'Mode de connexion',
  modePassword: 'Mot de passe',
  modePin: 'Code PIN',
  emergencyTitle: 'Accès administrateur de secours',
  emergencyHint:
    "Aucun administrateur actif n'est détecté. Saisissez votre email : il deviendra Super Admin, avec le mot de passe initial à changer à la première connexion.",
  emergencySubmit: 'Promouvoir Super Admin',
  emergencyDone: (email: string) =>
    `Compte Super Admin prêt pour ${email}. Connectez-vous avec le mot de passe initial, depuis ce navigateur, dans l'heure.`,
  checking: 'Vérification…',
  needsNetwork: 'Première connexion sur cet appareil : une connexion au réseau est nécessaire.',
  rateLimited: 'Trop de tentatives. Réessayez dans 5 minutes.',
  serverUnreachable: 'Connexion au serveur impossible. Réessayez lorsque le réseau est disponible.',
  pinNotKiosk:
    "Cet appareil n'est pas enregistré comme borne. Un administrateur peut l'enregistrer depuis Paramètres › Données.",
  kioskBadge: (name: string) => `Borne : ${name}`,
  sessionNeeded:
    'Session expirée : déconnectez-vous puis reconnectez-vous en ligne pour changer le mot de passe.',
} as const;

/** The update prompt, shown on every screen including the login one. */
export const frPwa = {
  updateAvailable: 'Nouvelle version disponible',
  reload: 'Recharger',
} as const;
