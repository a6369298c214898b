/** Password reset done by the server (issue 12 point 5): texts beyond the spec's own (fr.password, fr.forgot). */
export const frPasswordReset = {
  offline: 'Connexion au serveur impossible. Réessayez lorsque le réseau est disponible.',
  rateLimited: 'Trop de tentatives. Réessayez dans 5 minutes.',
} as const;
