/** Day one of a school (issue 33 point 9): the sign-in screen before any administrator exists. */
export const frDayOne = {
  login: {
    noAdministratorYet:
      'Aucun administrateur n’existe encore pour cette école : commencez par la zone de secours ci-dessous.',
    signInAfter: 'Se connecter',
    signInAfterHint: 'Une fois le compte prêt, connectez-vous ici avec le mot de passe initial.',
  },
} as const;
