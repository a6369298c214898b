/**
 * Password reset (spec part 1, points 7, 8) and the owner's setup code (only the owner creates schools): texts beyond
 * the spec's own (fr.password, fr.forgot, fr.login).
 */
export const frPasswordReset = {
  offline: 'Connexion au serveur impossible. Réessayez lorsque le réseau est disponible.',
  rateLimited: 'Trop de tentatives. Réessayez dans 5 minutes.',
  /** Without an e-mail service the link is never shown to whoever asks: an administrator produces it. */
  askAdministrator:
    "Si aucun e-mail n'arrive, demandez à un administrateur de votre établissement : il peut vous donner un lien de réinitialisation ou un mot de passe temporaire depuis la gestion des utilisateurs.",
  setupCodeLabel: 'Code d’installation (affiché dans le terminal du serveur)',
  setupCodeWrong: 'Code d’installation incorrect. Recopiez celui affiché dans le terminal du serveur.',
} as const;
